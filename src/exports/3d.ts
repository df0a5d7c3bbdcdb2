/**
 * carom/3d: the 3D half of carom (spheres, planes, boxes, triangles, World3D) as its own entry.
 * Everything here is also exported from the package root.
 *
 * @module carom/3d
 */
export type { MovingSphere, Sphere, SweepHit3, ClosestApproach, Box3, WallHit3 } from "../query/types.js";
export { FEATURE_INTERIOR, FEATURE_EDGE, FEATURE_VERTEX } from "../query/types.js";
export { toiSpheresRaw, timeOfImpactSpheres, sweepSpheresInto, sweepSpheres } from "../query/toi-sphere-sphere.js";
export { type SphereArrays, timeOfImpactSpheresBatch, validateSphereArrays } from "../query/toi-batch.js";
export { closestApproachSpheresInto, closestApproachSpheres } from "../query/closest-approach.js";
export { overlapSpheres, pointInSphere } from "../query/overlap.js";
export { type ShortenedMovement3, type ShortenedMovements3, shortenMovementSphereInto, shortenMovementSphere, shortenMovementsSpheresInto, shortenMovementsSpheres } from "../query/pool-hall.js";
export { enclosingSphere, boundsOfPoints3, sweptBoundsSphereInto, sweptBoundsSphere, overlapBoxes3 } from "../query/bounding.js";
export { closestPointOnTriangleRaw, closestPointOnTriangle } from "../query/closest-point-triangle.js";
export { type Point3, type Ray3, type Plane3, type Triangle3, type Segment3, type RayInterval } from "../query/geometry3.js";
export { raySphere, raycastSphere, raycastSphereInto, raySphereRaw } from "../query/ray-sphere.js";
export { rayBox3, rayBox3Interval, rayBox3IntervalInto, raycastBox3, raycastBox3Into, rayBox3Raw } from "../query/ray-box3.js";
export { rayTriangle, raycastTriangle, raycastTriangleInto, rayTriangleRaw } from "../query/ray-triangle.js";
export { timeOfImpactSpherePlane, sweepSpherePlane, sweepSpherePlaneInto, toiSpherePlaneRaw, sweepSpherePlaneRaw } from "../query/sweep-sphere-plane.js";
export { timeOfImpactSphereBox, sweepSphereBox, sweepSphereBoxInto, toiSphereBoxRaw, sweepSphereBoxRaw } from "../query/sweep-sphere-box.js";
export { timeOfImpactSphereSegment, sweepSphereSegment, sweepSphereSegmentInto, toiSphereSegmentRaw, sweepSphereSegmentRaw } from "../query/sweep-sphere-segment.js";
export { timeOfImpactSphereTriangle, sweepSphereTriangle, sweepSphereTriangleInto, toiSphereTriangleRaw, sweepSphereTriangleRaw } from "../query/sweep-sphere-triangle.js";
export { timeOfImpactSpheresAccelerated, sweepSpheresAccelerated, sweepSpheresAcceleratedInto, timeOfImpactAcceleratedSphereSphere, sweepAcceleratedSphereSphere, sweepAcceleratedSphereSphereInto, type AcceleratedSphere } from "../query/toi-accelerated.js";
export { timeOfImpactAcceleratedSpherePlane, sweepAcceleratedSpherePlane, sweepAcceleratedSpherePlaneInto } from "../query/toi-accelerated-plane.js";
export * from "../response/impulse.js";
export { World3D, type BodyInit3, type World3DOptions } from "../world/world-3d.js";
export type { PathPrediction } from "../world/world-core.js";
export type { WorldOptions, AdvanceReport, ContactFilter, ContactFilterInfo, WorldEventType, WorldListener } from "../world/event-loop.js";
export type { WallOptions, WallInfo, WallCommon, SegmentWallInfo, BoxWallInfo, PlaneWallInfo, TriangleWallInfo } from "../world/walls.js";
export { WALL_STRIDE, WALL_REMOVED, WALL_SEGMENT, WALL_BOX2, WALL_PLANE, WALL_BOX3, WALL_TRIANGLE } from "../world/walls/wall-kind.js";
export type { WorldSnapshot } from "../world/body-store.js";
export { START_SLACK } from "../world/world-core.js";
export { EventLog, HIT_BODY, HIT_WALL, HIT_BOUNDS, SENSOR_ENTER, SENSOR_EXIT, WALL_SENSOR_ENTER, WALL_SENSOR_EXIT, type CollisionEvent, type EventKind } from "../world/event-log.js";
