import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { readShot, replayShot } from "./support/pool-replay.js";

// The pooltool reference shots (data/pool/*.json.gz, copied to test/fixtures/pool). The 8-ball
// break has balls 13 and 6 touching three times within 0.42 ms (events 20, 21, 23): the
// touching guard's 10 % transfer goes from the radially faster ball to the slower one, which
// here is the rear ball, so the pair closes in again.
const dir = "test/fixtures/pool";
const files = readdirSync(dir).filter((f) => f.endsWith(".json.gz")).sort();

test("the six reference shots are present (four single shots, a 9-ball and an 8-ball break)", () => {
  assert.equal(files.length, 6);
});

for (const file of files) {
  test(`${file}: every event of the stable prefix matches pooltool's type and ids, times within 1e-9 relative, positions within 1e-9 m`, () => {
    const shot = readShot(`${dir}/${file}`);
    const r = replayShot(shot);
    assert.equal(r.firstMismatch, -1, r.mismatch);
    assert.equal(r.compared, shot.stable.prefix);
    assert.ok(r.maxTimeError <= 1e-9, `time error ${r.maxTimeError}`);
    assert.ok(r.maxAfterError <= 1e-9, `after-state position error ${r.maxAfterError} m`);
    if (shot.stable.finalsCheckable) {
      assert.equal(r.events.length, shot.events.length);
      assert.ok(r.maxFinalError <= 1e-9, `final position error ${r.maxFinalError} m`);
    }
  });
}
