// Types of doc-samples.mjs (for the tests, which are TypeScript).
export interface DocSample {
  doc: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
}
export interface DocCommand {
  doc: string;
  line: number;
  command: string;
}
export function docSamples(root: string, doc: string): DocSample[];
export function docCommands(root: string, doc: string): DocCommand[];
export interface DocFile {
  doc: string;
  /** 1-based line of the `<!-- file: NAME -->` marker. */
  line: number;
  name: string;
  text: string;
}
export function docFiles(root: string, doc: string): DocFile[];
export function instrument(code: string, name: string): { code: string; checks: number };
export const PRELUDE: string;
export function sampleProgram(sample: DocSample): { name: string; file: string; text: string; checks: number };
