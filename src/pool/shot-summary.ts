/**
 * What a shot did, read from its events, as the rules of a game need it: which ball was struck,
 * the first ball the cue ball touched, the balls pocketed (and where), whether a ball touched a
 * cushion after that first contact, how many object balls reached a cushion (the break's test),
 * and the cushions the cue ball touched before it reached its second object ball (three-cushion).
 */
import type { PoolEvent } from "./system.js";

/** A ball pocketed, and where. */
export interface PocketedBall {
  /** The ball's id. */
  ball: string;
  /** The pocket's id. */
  pocket: string;
}

/** A shot's facts, from its events. */
export interface ShotSummary {
  /** The ball the stick struck (null: the events hold no strike). */
  struck: string | null;
  /** The first ball the struck ball touched (null: none). */
  firstContact: string | null;
  /** The balls the struck ball touched, in order, each once. */
  contacts: string[];
  /** Balls pocketed, in order, with their pockets. */
  pocketed: PocketedBall[];
  /** Whether the struck ball was pocketed. */
  scratch: boolean;
  /** Whether any ball touched a cushion (straight or jaw) after the first contact. */
  railAfterContact: boolean;
  /** Object balls (not the struck one) that touched a cushion. */
  objectBallsToRail: string[];
  /** Cushion contacts of the struck ball before it touched its second distinct ball (Infinity-free: counts them all when it never does). */
  cushionsBeforeSecond: number;
  /** Whether the struck ball touched two distinct balls. */
  touchedTwo: boolean;
}

/** Reads a shot's facts from its events (the events of one shot, from the strike to rest). */
export function summarizeShot(events: readonly PoolEvent[]): ShotSummary {
  const s: ShotSummary = {
    struck: null, firstContact: null, contacts: [], pocketed: [], scratch: false, railAfterContact: false,
    objectBallsToRail: [], cushionsBeforeSecond: 0, touchedTwo: false,
  };
  for (const e of events) {
    if (e.type === "stick-ball") {
      if (s.struck === null) s.struck = e.ids[1];
      continue;
    }
    if (s.struck === null) continue;
    if (e.type === "ball-ball") {
      const [a, b] = e.ids;
      if (a === s.struck || b === s.struck) {
        const other = a === s.struck ? b : a;
        if (s.firstContact === null) s.firstContact = other;
        if (!s.contacts.includes(other)) {
          s.contacts.push(other);
          if (s.contacts.length === 2) s.touchedTwo = true;
        }
      }
    } else if (e.type === "ball-linear-cushion" || e.type === "ball-circular-cushion") {
      const ball = e.ids[0];
      if (s.firstContact !== null) s.railAfterContact = true;
      if (ball === s.struck) {
        if (!s.touchedTwo) s.cushionsBeforeSecond++;
      } else if (!s.objectBallsToRail.includes(ball)) s.objectBallsToRail.push(ball);
    } else if (e.type === "ball-pocket") {
      s.pocketed.push({ ball: e.ids[0], pocket: e.ids[1] });
      if (e.ids[0] === s.struck) s.scratch = true;
    }
  }
  return s;
}
