/**
 * Pen (Bluetooth hardware) addresses of students, classroom.md §5: the rule lives in the shared
 * contract (`@dotink/contracts/penAddress`) so the server and the classroom app judge an address
 * alike; re-exported for the server's modules.
 */
export {
  duplicatePenAddresses,
  isNoPen,
  NO_PEN_ADDRESS,
  normalizePenAddress,
} from '@dotink/contracts/penAddress';
