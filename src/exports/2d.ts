/**
 * carom/2d: the 2D half of carom (circles, segments, boxes, World2D) as its own entry, so a
 * 2D program bundles no 3D code. Everything here is also exported from the package root.
 *
 * @module carom/2d
 */
export type { MovingCircle, Circle, SweepHit2, ClosestApproach, Box2, WallHit2 } from "../query/types.js";
export { FEATURE_INTERIOR, FEATURE_VERTEX } from "../query/types.js";
export type { Ray2, Segment2, MovingPoint2, SegmentClosestPoint, BoxCrossing2 } from "../query/types-geometry2.js";
export { toiCirclesRaw, timeOfImpactCircles, sweepCirclesInto, sweepCircles } from "../query/toi-circle-circle.js";
export { type CircleArrays, timeOfImpactCirclesBatch, validateCircleArrays } from "../query/toi-batch.js";
export { closestApproachCirclesInto, closestApproachCircles } from "../query/closest-approach.js";
export { overlapCircles, pointInCircle } from "../query/overlap.js";
export { type ShortenedMovement2, type ShortenedMovements2, shortenMovementCircleInto, shortenMovementCircle, shortenMovementsCirclesInto, shortenMovementsCircles } from "../query/pool-hall.js";
export { enclosingCircle, boundsOfPoints2, sweptBoundsCircleInto, sweptBoundsCircle, overlapBoxes2 } from "../query/bounding.js";
export { closestPointOnSegmentInto, closestPointOnSegment } from "../query/closest-point-segment.js";
export { rayHitCircleRaw, segmentHitCircleRaw, rayHitCircle, segmentHitCircle } from "../query/ray-circle.js";
export { rayHitSegmentRaw, rayHitSegment, raycastSegmentRaw, raycastSegmentInto, raycastSegment } from "../query/ray-segment2.js";
export { pointCrossingBox2Raw, pointCrossingBox2Into, pointCrossingBox2, rayBox2Raw, rayBox2 } from "../query/ray-box2.js";
export { toiCircleSegmentRaw, sweepCircleSegmentRaw, timeOfImpactCircleSegment, sweepCircleSegmentInto, sweepCircleSegment } from "../query/sweep-circle-segment.js";
export { toiCirclePolylineRaw, sweepCirclePolylineRaw, timeOfImpactCirclePolyline, sweepCirclePolylineInto, sweepCirclePolyline } from "../query/sweep-circle-polyline.js";
export { toiCircleBoxRaw, sweepCircleBoxRaw, timeOfImpactCircleBox, sweepCircleBoxInto, sweepCircleBox } from "../query/sweep-circle-box.js";
export { timeOfImpactCirclesAccelerated, sweepCirclesAccelerated, sweepCirclesAcceleratedInto, timeOfImpactAcceleratedCircleCircle, sweepAcceleratedCircleCircle, sweepAcceleratedCircleCircleInto, type AcceleratedCircle } from "../query/toi-accelerated.js";
export { timeOfImpactAcceleratedCircleLine, sweepAcceleratedCircleLine, sweepAcceleratedCircleLineInto, type Line2 } from "../query/toi-accelerated-plane.js";
export { timeOfImpactAcceleratedCircleSegment, sweepAcceleratedCircleSegment, sweepAcceleratedCircleSegmentInto } from "../query/toi-accelerated-segment.js";
export * from "../response/impulse.js";
export { World2D, type BodyInit2, type World2DOptions, type World2DConstructor } from "../world/world-2d.js";
export type { PathPrediction } from "../world/world-core.js";
export type { WorldOptions, AdvanceReport, ContactFilter, ContactFilterInfo, WorldEventType, WorldListener } from "../world/event-loop.js";
export type { WallOptions, WallInfo, WallCommon, SegmentWallInfo, BoxWallInfo, PlaneWallInfo, TriangleWallInfo } from "../world/walls.js";
export { WALL_STRIDE, WALL_REMOVED, WALL_SEGMENT, WALL_BOX2, WALL_PLANE, WALL_BOX3, WALL_TRIANGLE } from "../world/walls/wall-kind.js";
export type { WorldSnapshot } from "../world/body-store.js";
export { START_SLACK } from "../world/world-core.js";
export { EventLog, HIT_BODY, HIT_WALL, HIT_BOUNDS, SENSOR_ENTER, SENSOR_EXIT, WALL_SENSOR_ENTER, WALL_SENSOR_EXIT, type CollisionEvent, type EventKind } from "../world/event-log.js";
