/**
 * Fantastic Bits state: the snapshot shape a bot sees (`FbState`) and the spell indices;
 * fb-state-block.ts converts it to and from a simulation's block of the kernel's memory.
 */

/** A spell slot: turns left and target id (−1 for none). */
export interface FbSpell {
  /** Turns the spell's effect has left (0: inactive). */
  turns: number;
  /** Id of the entity it acts on, or −1. */
  target: number;
}

/** A wizard: ids 0 and 1 belong to player 0, 2 and 3 to player 1. */
export interface FbWizard {
  /** Entity id (0..3). */
  id: number;
  /** Position x, map units. */
  x: number;
  /** Position y, map units. */
  y: number;
  /** Velocity x, map units per turn. */
  vx: number;
  /** Velocity y, map units per turn. */
  vy: number;
  /** Id of the snaffle held, or −1. */
  holding: number;
  /** Turns before the wizard may grab a snaffle again (0: it may). */
  grabCooldown: number;
  /** The state of each spell this wizard cast. */
  spells: {
    /** Obliviate: the target bludger ignores the caster's team. */
    obliviate: FbSpell;
    /** Accio: pulls the target towards the wizard. */
    accio: FbSpell;
    /** Flipendo: pushes the target away from the wizard. */
    flipendo: FbSpell;
    /** Petrificus: stops the target. */
    petrificus: FbSpell;
  };
}

/** A snaffle (a ball to score). */
export interface FbSnaffle {
  /** Entity id (after the four wizards). */
  id: number;
  /** Position x, map units. */
  x: number;
  /** Position y, map units. */
  y: number;
  /** Velocity x, map units per turn. */
  vx: number;
  /** Velocity y, map units per turn. */
  vy: number;
  /** True while in play (not yet scored). */
  alive: boolean;
  /** True while a wizard holds it (see FbWizard.holding). */
  captured: boolean;
  /** Ids of the snaffles this one passes through until they separate, in the referee's order (an id may repeat, as in the referee's list). */
  ignore: number[];
}

/** A bludger (it chases wizards). */
export interface FbBludger {
  /** Entity id (the last two ids). */
  id: number;
  /** Position x, map units. */
  x: number;
  /** Position y, map units. */
  y: number;
  /** Velocity x, map units per turn. */
  vx: number;
  /** Velocity y, map units per turn. */
  vy: number;
  /** Id of the last wizard it hit, or −1. */
  lastVictim: number;
}

/** A Fantastic Bits snapshot where the referee waits for commands. */
export interface FbState {
  /** The round the next turn plays (0-based). */
  round: number;
  /** The two players, player 0 first. */
  players: {
    /** Goals scored. */
    score: number;
    /** Magic points available for spells. */
    magic: number;
  }[];
  /** The four wizards, by id. */
  wizards: FbWizard[];
  /** Every snaffle, scored ones included, by id. */
  snaffles: FbSnaffle[];
  /** The two bludgers, by id. */
  bludgers: FbBludger[];
}

/** Spell indices in the per-wizard arrays, in the order the referee applies their effects. */
export const OBLIVIATE = 0, PETRIFICUS = 1, ACCIO = 2, FLIPENDO = 3;
export const SPELL_NAMES = ["obliviate", "petrificus", "accio", "flipendo"] as const;
