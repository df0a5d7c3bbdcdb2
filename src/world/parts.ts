/**
 * Optional parts of the engine, each behind its own import (`carom/2d/gravity`,
 * `carom/2d/periodic`, ...), so a program bundles only the parts it uses. The package root
 * "carom" installs them all.
 *
 * A part's methods are written in a class that extends the layer whose fields they read (so
 * they read like the engine's own methods) and are copied onto that layer's prototype when the
 * part's entry module runs: the mixin pattern of the TypeScript handbook. The engine declares
 * each such method as optional (`protected setupPeriodic?(cs: number): void;`), so it calls it
 * by name with its type checked; what needs a part the program did not import is a RangeError
 * naming the import, thrown before anything changes (see {@link requirePart}).
 */

const installed = new Set<string>();

/** A class, abstract or not, as the source or target of a part's methods. */
type AnyClass = abstract new (...args: never[]) => unknown;

/**
 * Installs part `name` for worlds of dimension `dim`: copies the methods of each source class
 * onto its target's prototype (idempotent).
 */
export function installPart(name: string, dim: number, pairs: readonly (readonly [target: AnyClass, source: AnyClass])[]): void {
  for (const [target, source] of pairs) {
    for (const key of Object.getOwnPropertyNames(source.prototype)) {
      if (key === "constructor") continue;
      Object.defineProperty(target.prototype, key, Object.getOwnPropertyDescriptor(source.prototype, key) as PropertyDescriptor);
    }
  }
  installed.add(`${dim}d/${name}`);
}

/** True when part `name` is installed for dimension `dim`. */
export function hasPart(name: string, dim: number): boolean {
  return installed.has(`${dim}d/${name}`);
}

/** RangeError unless part `name` is installed for dimension `dim`; `what` names what needs it. */
export function requirePart(name: string, dim: number, what: string): void {
  if (!hasPart(name, dim)) {
    throw new RangeError(`${what} needs \`import "carom/${dim}d/${name}";\` (once, anywhere in the program; the package root "carom" includes it)`);
  }
}

/**
 * Gives `target` the methods `names` of part `name` before it is installed: each throws the
 * RangeError of {@link requirePart} naming the import (installing the part replaces them). For
 * parts whose methods live only in the part (declared on the facade by interface merging).
 */
export function partMethods(target: AnyClass, name: string, dim: number, names: readonly string[]): void {
  for (const key of names) {
    Object.defineProperty(target.prototype, key, {
      value(): never {
        requirePart(name, dim, key);
        throw new RangeError(key);
      },
      writable: true,
      configurable: true,
    });
  }
}
