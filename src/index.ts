/**
 * carom: exact continuous collision detection and response for moving circles and spheres.
 * Every public name is re-exported from here; see README.md for the conventions. The root
 * installs every optional part of the worlds for both dimensions (carom/2d and carom/3d leave
 * them to `import "carom/2d/gravity"`, `"carom/2d/periodic"`, ...; see world/parts.ts).
 *
 * @module carom
 */
import "./exports/2d/gravity.js";
import "./exports/3d/gravity.js";
import "./exports/2d/periodic.js";
import "./exports/3d/periodic.js";
import "./exports/2d/moving-walls.js";
import "./exports/3d/moving-walls.js";
import "./exports/2d/snapshots.js";
import "./exports/3d/snapshots.js";
import "./exports/2d/sensors.js";
import "./exports/3d/sensors.js";
import "./exports/2d/paths.js";
import "./exports/3d/paths.js";
import "./exports/2d/queries.js";
import "./exports/3d/queries.js";
export type * from "./query/types.js";
export { FEATURE_INTERIOR, FEATURE_EDGE, FEATURE_VERTEX } from "./query/types.js";
export * from "./query/toi-circle-circle.js";
export * from "./query/toi-sphere-sphere.js";
export * from "./query/toi-batch.js";
export * from "./query/closest-approach.js";
export * from "./query/overlap.js";
export * from "./query/pool-hall.js";
export * from "./query/bounding.js";
export * from "./query/closest-point-segment.js";
export * from "./query/ray-circle.js";
export * from "./query/ray-segment2.js";
export * from "./query/ray-box2.js";
export * from "./query/sweep-circle-segment.js";
export * from "./query/sweep-circle-polyline.js";
export * from "./query/sweep-circle-box.js";
export type * from "./query/types-geometry2.js";
export * from "./query/closest-point-triangle.js";
export * from "./response/impulse.js";
export { World2D, type BodyInit2, type World2DOptions, type World2DConstructor } from "./world/world-2d.js";
export type { PathPrediction, PeriodicInfo } from "./world/world-core.js";
export { World3D, type BodyInit3, type World3DOptions } from "./world/world-3d.js";
export type { WorldOptions, AdvanceReport, ContactFilter, ContactFilterInfo, WorldEventType, WorldListener } from "./world/event-loop.js";
export type { WallOptions, WallInfo, WallCommon, SegmentWallInfo, BoxWallInfo, PlaneWallInfo, TriangleWallInfo } from "./world/walls.js";
export { WALL_STRIDE, WALL_REMOVED, WALL_SEGMENT, WALL_BOX2, WALL_PLANE, WALL_BOX3, WALL_TRIANGLE } from "./world/walls/wall-kind.js";
export type { WorldSnapshot } from "./world/body-store.js";
export { drawWorld, type DrawContext, type DrawOptions, type DrawTransform, type LinearPart, type CanvasSize } from "./draw/canvas.js";
export { worldSvg, type SvgOptions } from "./draw/svg.js";
export { worldPicture, defaultBodyColor, type DrawableWorld, type PictureOptions, type View, type WallShape, type WallShapeBase, type LineShape, type RectShape, type PolygonShape, type ViewRect, type WorldPicture } from "./draw/picture.js";
export { OverlapBuffer, type Overlaps, type QueryOptions, type WorldHit2, type WorldHit3, type Queries2, type Queries3 } from "./world/queries-api.js";
export { START_SLACK } from "./world/world-core.js";
export { EventLog, HIT_BODY, HIT_WALL, HIT_BOUNDS, SENSOR_ENTER, SENSOR_EXIT, WALL_SENSOR_ENTER, WALL_SENSOR_EXIT, type CollisionEvent, type EventKind } from "./world/event-log.js";
export { type Point3, type Ray3, type Plane3, type Triangle3, type Segment3, type RayInterval } from "./query/geometry3.js";
export { raySphere, raycastSphere, raycastSphereInto, raySphereRaw } from "./query/ray-sphere.js";
export { rayBox3, rayBox3Interval, rayBox3IntervalInto, raycastBox3, raycastBox3Into, rayBox3Raw } from "./query/ray-box3.js";
export { rayTriangle, raycastTriangle, raycastTriangleInto, rayTriangleRaw } from "./query/ray-triangle.js";
export { timeOfImpactSpherePlane, sweepSpherePlane, sweepSpherePlaneInto, toiSpherePlaneRaw, sweepSpherePlaneRaw } from "./query/sweep-sphere-plane.js";
export { timeOfImpactSphereBox, sweepSphereBox, sweepSphereBoxInto, toiSphereBoxRaw, sweepSphereBoxRaw } from "./query/sweep-sphere-box.js";
export { timeOfImpactSphereSegment, sweepSphereSegment, sweepSphereSegmentInto, toiSphereSegmentRaw, sweepSphereSegmentRaw } from "./query/sweep-sphere-segment.js";
export { timeOfImpactSphereTriangle, sweepSphereTriangle, sweepSphereTriangleInto, toiSphereTriangleRaw, sweepSphereTriangleRaw } from "./query/sweep-sphere-triangle.js";
export * from "./scene/scene.js";
export { firstRootInInterval, firstDownwardCrossing, realRootsInInterval, polyRootKinds, ROOT_DOWN, ROOT_TOUCH, ROOT_UP } from "./math/poly-roots.js";
export { timeOfImpactCirclesAccelerated, sweepCirclesAccelerated, sweepCirclesAcceleratedInto, timeOfImpactSpheresAccelerated, sweepSpheresAccelerated, sweepSpheresAcceleratedInto, timeOfImpactAcceleratedCircleCircle, sweepAcceleratedCircleCircle, sweepAcceleratedCircleCircleInto, timeOfImpactAcceleratedSphereSphere, sweepAcceleratedSphereSphere, sweepAcceleratedSphereSphereInto, type AcceleratedCircle, type AcceleratedSphere } from "./query/toi-accelerated.js";
export { timeOfImpactAcceleratedCircleLine, sweepAcceleratedCircleLine, sweepAcceleratedCircleLineInto, timeOfImpactAcceleratedSpherePlane, sweepAcceleratedSpherePlane, sweepAcceleratedSpherePlaneInto, type Line2 } from "./query/toi-accelerated-plane.js";
export { timeOfImpactAcceleratedCircleSegment, sweepAcceleratedCircleSegment, sweepAcceleratedCircleSegmentInto } from "./query/toi-accelerated-segment.js";
