/** `.nproj` project files: typed model, reader, writer, printed-PDF builder. */
export * from './defaults';
export * from './equal';
export * from './printed';
export * from './read';
export * from './scanBook';
export * from './types';
export * from './write';
export {
  decodeXmlEntities,
  escapeXmlAttribute,
  escapeXmlText,
  formatXmlNumber,
  isXmlElement,
  parseXmlElements,
  serializeXmlElement,
  type XmlComment,
  type XmlElement,
  type XmlNode,
} from './xml';
