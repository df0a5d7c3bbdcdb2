// Types of docs.mjs (for the tests, which are TypeScript).
export function docEntries(pkg: { exports: Record<string, unknown> }, root?: string): { name: string; source: string }[];
export function typedocProblems(output: string): { warnings: string[]; errors: string[]; summary: { errors: number; warnings: number } | undefined };
