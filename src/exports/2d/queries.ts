/**
 * carom/2d/queries: import once (`import "carom/2d/queries";`) to give World2D its queries:
 * `rayCast`, `castCircle`, `queryPoint`, `queryCircle`, `queryBox` and their allocation-free
 * Into forms (see Queries2). A part of its own (see world/parts.ts); the package root "carom"
 * includes it.
 *
 * @module carom/2d/queries
 */
import { installPart } from "../../world/parts.js";
import { World2D } from "../../world/world-2d.js";
import { QueryWalk } from "../../world/query-walk.js";
import { WorldQueries2 } from "../../world/queries-2d.js";

installPart("queries", 2, [[World2D, QueryWalk], [World2D, WorldQueries2]]);

export { OverlapBuffer, type Overlaps, type QueryOptions, type WorldHit2, type Queries2 } from "../../world/queries-api.js";
