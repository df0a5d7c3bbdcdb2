// Types of prune-types.mjs.
export function entryDeclarations(pkg: { types?: string; exports: unknown }, root?: string): string[];
export function reachable(entries: string[]): Set<string>;
export function trimDeclaration(text: string, entry: boolean): string;
