/**
 * The public surface of World2D and World3D: at most 70 members for World2D and 76 for World3D
 * (its third axis: z, vz, az, minZ, maxZ, and a third wall kind), every one documented (60
 * until the queries part added ten: five queries and their allocation-free Into twins,
 * carom's convention for every query; 0.2's walls, listeners and user data four more).
 */
import test from "node:test";
import assert from "node:assert/strict";
import ts from "typescript";

test("World2D and World3D offer at most 70 and 76 public members, every one with TSDoc, and World2D none of the third axis", () => {
  const program = ts.createProgram(["src/index.ts"], {
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, noEmit: true,
  });
  const checker = program.getTypeChecker();
  const mod = checker.getSymbolAtLocation(program.getSourceFile("src/index.ts")!)!;
  for (const [name, most] of [["World2D", 70], ["World3D", 76]] as const) {
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
    assert.ok(open.length <= most, `${name} has ${open.length} public members: ${open.join(" ")}`);
    if (name === "World2D") for (const m of ["z", "vz", "az", "minZ", "maxZ"]) assert.ok(!open.includes(m), `World2D's type shows ${m}`);
    assert.deepEqual(undocumented, [], `${name}: undocumented members`);
  }
});
