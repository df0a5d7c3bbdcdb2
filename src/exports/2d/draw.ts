/**
 * carom/2d/draw: debug drawing of a world. `drawWorld(ctx, world, options)` draws it on a
 * canvas (bodies, walls, sensors, the container, velocities, the last advance's contacts and
 * normals); `worldSvg(world, options)` writes it as an SVG picture (what `carom render` writes),
 * with paths and animation from recorded tracks; `worldPicture` is the flat picture both draw.
 * A World3D is drawn in projection. No side effects: import only what you use.
 *
 * @module carom/2d/draw
 */
export { drawWorld, type DrawContext, type DrawOptions, type DrawTransform, type LinearPart, type CanvasSize } from "../../draw/canvas.js";
export { worldSvg, type SvgOptions } from "../../draw/svg.js";
export { worldPicture, defaultBodyColor, type DrawableWorld, type PictureOptions, type View, type WallShape, type WallShapeBase, type LineShape, type RectShape, type PolygonShape, type ViewRect, type WorldPicture } from "../../draw/picture.js";
