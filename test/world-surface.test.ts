/**
 * The public surface of World2D and World3D: at most 70 members each, every one documented
 * (60 until the queries part added ten: five queries and their allocation-free Into twins,
 * carom's convention for every query).
 */
import test from "node:test";
import assert from "node:assert/strict";
import ts from "typescript";

test("World2D and World3D offer at most 70 public members, every one with TSDoc", () => {
  const program = ts.createProgram(["src/index.ts"], {
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, noEmit: true,
  });
  const checker = program.getTypeChecker();
  const mod = checker.getSymbolAtLocation(program.getSourceFile("src/index.ts")!)!;
  for (const name of ["World2D", "World3D"]) {
    const sym = checker.getExportsOfModule(mod).find((s) => s.name === name)!;
    const type = checker.getDeclaredTypeOfSymbol(checker.getAliasedSymbol(sym));
    const open: string[] = [];
    const undocumented: string[] = [];
    for (const p of checker.getPropertiesOfType(type)) {
      const decl = p.declarations?.[0];
      if (decl && ts.getCombinedModifierFlags(decl) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
      if (p.name.startsWith("#")) continue;
      open.push(p.name);
      if (ts.displayPartsToString(p.getDocumentationComment(checker)).trim() === "") undocumented.push(p.name);
    }
    assert.ok(open.length <= 70, `${name} has ${open.length} public members: ${open.join(" ")}`);
    assert.deepEqual(undocumented, [], `${name}: undocumented members`);
  }
});
