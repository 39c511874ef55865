/**
 * The pen runtime both apps share (`@dotink/view/pens`): connecting smart pens over Web
 * Bluetooth, the password prompt, pen messages in the user's language, stroke building into a
 * callback and the live ink feed; the connect button and the password form.
 */
export * from './PenControls';
export * from './penConnection';
export * from './penStatus';
