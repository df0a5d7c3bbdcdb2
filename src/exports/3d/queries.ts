/**
 * carom/3d/queries: import once (`import "carom/3d/queries";`) to give World3D its queries:
 * `rayCast`, `castSphere`, `queryPoint`, `querySphere`, `queryBox` and their allocation-free
 * Into forms (see Queries3). A part of its own (see world/parts.ts); the package root "carom"
 * includes it.
 *
 * @module carom/3d/queries
 */
import { installPart } from "../../world/parts.js";
import { World3D } from "../../world/world-3d.js";
import { QueryWalk } from "../../world/query-walk.js";
import { WorldQueries3 } from "../../world/queries-3d.js";

installPart("queries", 3, [[World3D, QueryWalk], [World3D, WorldQueries3]]);

export { OverlapBuffer, type Overlaps, type QueryOptions, type WorldHit3, type Queries3 } from "../../world/queries-api.js";
