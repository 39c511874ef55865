/**
 * Ink codecs: the server dot and stroke forms, the upload payload, the ink store shapes, and the
 * InkML and SVG exports. (Base64 and the small XML helpers stay internal.)
 */
export * from './inkml';
export * from './inkStoreResponse';
export * from './serverDots';
export * from './serverStroke';
export * from './strokePage';
export {
  cssHexColor,
  isDrawnStroke,
  MARKER_OPACITY,
  MARKER_WIDTH_FACTOR,
  MIN_DRAWN_DOTS,
  strokeOpacity,
  strokeWidthPt,
} from './strokeStyle';
export { DEFAULT_NU_TO_PT, exportPageSvg, type NuToPt, type SvgExportOptions, strokeSvgPath } from './svg';
export * from './uploadPayload';
export { decodeUtf8, encodeUtf8 } from './utf8';
