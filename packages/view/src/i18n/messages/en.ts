/**
 * English interface text: the reference catalogue. Every key of the app interface is here; the
 * other languages are typed against it. Spec messages are quoted exactly.
 */
export const en = {
  // page view (engine.md §2)
  'view.pageNotAssigned': 'Page not assigned. please assign a page',
  'view.debug.title': 'Debug',
  'view.debug.page': 'Page',
  'view.debug.scale': 'Scale',
  'view.debug.fit': 'Fit',
  'view.debug.strokes': 'Strokes',
  'view.debug.version': 'Version',
  'view.debug.draws': 'Redraws',
  'view.debug.paths': 'Paths built',
  'view.debug.live': 'Live strokes',
  'view.crop': 'Crop',
  'view.grid': 'Grid',
  'fit.actual': 'Actual size',
  'fit.width': 'Fit width',
  'fit.height': 'Fit height',
  'fit.full': 'Full page',
  'fit.free': 'Free',
  // replay (engine.md §4, classroom)
  'replay.play': 'Play',
  'replay.pause': 'Pause',
  'replay.stop': 'Stop',
  'replay.rewind': 'Rewind',
  'replay.speed': 'x {speed}',
  'replay.seek': 'Replay position',
  'replay.fit': 'Fit',
  'replay.pages': 'Pages',
  'replay.page': 'Page {page}',
  'replay.time': '{current} / {total}',
  // thumbnails
  'thumbnail.remove': 'Remove',
  // board toolbar (board.md §2)
  'toolbar.pen': 'Pen',
  'toolbar.highlighter': 'Highlighter',
  'toolbar.eraser': 'Eraser',
  'toolbar.color': 'Color',
  'toolbar.thickness': 'Thickness',
  'toolbar.pointer': 'Pointer',
  'toolbar.previousPage': 'Previous page',
  'toolbar.nextPage': 'Next page',
  'toolbar.zoomIn': 'Zoom in',
  'toolbar.zoomOut': 'Zoom out',
  'toolbar.fitHeight': 'Fit height',
  'toolbar.fitWidth': 'Fit width',
  'toolbar.addPage': 'Add page',
  'common.save': 'Save',
  'common.cancel': 'Cancel',
  // board messages (board.md §8)
  'board.empty': 'Register a PDF or create a page using a pen',
  'import.duplicatePdf': 'There is already a registered PDF',
  'import.unsupported': 'This is a type of file that cannot be imported.',
  'import.cancelled': 'Importing has been canceled.',
  'pdf.passwordRequired': 'The file is password protected. Please enter the password.',
  'pdf.passwordWrong': 'Incorrect password. Please try again.',
  'pen.passwordWrong':
    'You entered the wrong password {count} times. If 10 times of incorrect password, the handwritten data will be reset.',
  'pen.bluetoothUnavailable':
    'The smart pen cannot be connected since the Bluetooth function is not available on this device. Please install the Bluetooth dongle and try again.',
  'page.overlap':
    'Overlap with registered page: this page overlaps the previously registered page. Please check the printed paper.',
  'page.notSame': 'Not the same page: the same PDF page must correspond to one Ncode paper.',
  'print.running': 'The program is running',
  'print.waitLonger': 'Please wait a little longer',
  // engine dialogs (engine.md §2, §5); the spec gives their Korean meaning only
  'file.openCancelled': 'Opening the file was cancelled.',
  'file.notSameFile': 'This is not the same file. Do you want to open it again?',
  // pens (shared by the board and the classroom: @dotink/view/pens)
  'pen.connect': 'Connect pen',
  'pen.connecting': 'Connecting…',
  'pen.count': 'Pens connected: {count}',
  'pen.passwordTitle': 'Pen password',
  'pen.passwordPrompt': 'Enter the 4-digit password of the pen.',
  'pen.passwordFormat': 'The pen password is 4 digits.',
  'pen.passwordReset': 'The pen was reset after 10 wrong passwords: its handwritten data was deleted.',
  'pen.disconnect': 'Disconnect',
  'pen.firmware': 'The pen firmware is old: {message}',
  'pen.error': 'The pen reported a problem: {reason}',
  'pen.disconnected':
    '{name} was disconnected (switched off or out of range). Connect it again to go on writing.',
  'common.ok': 'OK',
} as const;

/** Every interface text key. */
export type MessageKey = keyof typeof en;

/** A complete catalogue. */
export type Messages = { readonly [K in MessageKey]: string };
