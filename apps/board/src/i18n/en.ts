/**
 * English board text: the reference catalogue of the board's own namespace (`board.*` keys the
 * view's catalogue does not have). The other languages are typed against it.
 */
export const boardEn = {
  'app.title': 'dotink board',
  'app.backToList': 'Boards',
  'app.language': 'Language',
  // board list (board.md §2)
  'list.recent': 'Recent',
  'list.trash': 'Trash',
  'list.groups': 'Groups',
  'list.addGroup': 'Add',
  'list.groupName': 'Group name',
  'list.unshelved': 'Unshelved ({count})',
  'list.select': 'Select',
  'list.selectDone': 'Done',
  'list.selectedCount': '{count} selected',
  'list.newBoard': 'New board',
  'list.newBoardTitle': 'Untitled board',
  'list.lastOpened': 'Last opened {time}',
  'list.neverOpened': 'Not opened yet',
  'list.pageCount': '{count} pages',
  'list.restore': 'Restore',
  'list.deleteForever': 'Delete forever',
  'list.moveToTrash': 'Move to trash',
  'list.moveToGroup': 'Move to group',
  'list.noGroup': 'No group',
  'list.empty': 'No boards yet. Create a new board or import a file.',
  'list.trashEmpty': 'The trash is empty.',
  'list.open': 'Open {title}',
  // import menu
  'import.menu': 'Import',
  'import.pdf': 'Upload PDF',
  'import.grida': 'Import .GRIDA data',
  'import.done': 'Imported {name}.',
  'pdf.passwordTitle': 'Password',
  'pdf.password': 'Password',
  // save menu
  'save.menu': 'Save',
  'save.pdf': 'Save as PDF',
  'save.grida': 'Save data as .GRIDA',
  'save.saveAs': 'Save as',
  'save.overwrite': 'Save (overwrite)',
  'save.title': 'Title',
  'save.done': 'Saved {name}.',
  'save.failed': 'Saving failed.',
  // toolbar extras
  'toolbar.eraserWhole': 'Erase whole strokes',
  'toolbar.eraserPartial': 'Erase part of strokes',
  'toolbar.background': 'Background',
  'toolbar.backgroundBasic': 'BASIC',
  'toolbar.backgroundLined': 'Lined',
  'toolbar.undo': 'Undo',
  'toolbar.redo': 'Redo',
  'toolbar.thicknessLevel': 'Thickness {level}',
  'toolbar.colorName': '{name}',
  'toolbar.pageOf': 'Page {current} / {total}',
  'toolbar.shortcut': '{label} ({key})',
  'color.red': 'Red',
  'color.orange': 'Orange',
  'color.yellow': 'Yellow',
  'color.green': 'Green',
  'color.black': 'Black',
  'color.blue': 'Blue',
  'color.lightBlue': 'Light blue',
  'color.purple': 'Purple',
  'color.gray': 'Gray',
  'color.white': 'White',
  'color.brown': 'Brown',
  // pens
  'pen.mouse': 'Mouse pen',
  'pen.list': 'Pens',
  'pen.selected': '{name} (selected)',
  // help tutorial (board.md §2)
  'help.open': 'Help',
  'help.title': 'How to use the board',
  'help.skip': 'Skip',
  'help.start': 'Start',
  'help.previous': 'Previous',
  'help.next': 'Next',
  'help.done': 'Done',
  'help.download': 'Download the guide',
  'help.step1.title': 'Welcome',
  'help.step1.text':
    'Write with a smart pen on Ncode paper, or annotate PDF pages. Everything stays in this browser.',
  'help.step2.title': 'Import',
  'help.step2.text':
    'Upload a PDF or import .GRIDA data from the Import menu. Writing with the pen on new Ncode paper creates a page.',
  'help.step3.title': 'Connect your pen',
  'help.step3.text':
    'Press “Connect pen”, choose your pen and enter its 4-digit password if it has one. Several pens can write at once.',
  'help.step4.title': 'Tools and shortcuts',
  'help.step4.text':
    'Pen Q, highlighter R, eraser E, pointer T, colours 1 to 0, thickness Z to B, pages ← and →, undo Ctrl+Z, redo Ctrl+Shift+Z.',
  'help.step5.title': 'Save',
  'help.step5.text': 'Save a PDF with your writing, or save the data as .GRIDA to open it again later.',
  // links (board.md §2)
  'links.menu': 'Links',
  'links.oldVersion': 'Old version',
  'links.inquiry': 'Customer inquiry',
  'links.guide': 'User guide',
  'links.buyPen': 'Buy a pen',
  'links.start': 'Start the board',
  // notice (board.md §2)
  'notice.title': 'Notice',
  'notice.text':
    'dotink board keeps your boards in this browser. Save .GRIDA data to move them to another device.',
  'notice.hideForDay': 'Do not show for a day',
  'notice.close': 'Close',
  // misc
  'common.close': 'Close',
  'common.delete': 'Delete',
  'time.justNow': 'just now',
  'offline.ready': 'The board works offline.',
  // file names (board.md §5)
  'fileName.empty': 'Please enter a file name.',
  'fileName.leadingDot': 'A file name cannot start with a dot.',
  'fileName.characters':
    'A file name may contain only Korean, English, Chinese and Japanese characters, digits, and the symbols + - _ and a dot.',
  // board-ui: paper buttons, small screens, keyboard, registration (issue 12)
  'control.unsupported': 'This paper button ({command}) does nothing on the board.',
  'control.failed': 'The paper button ({command}) could not be carried out.',
  'control.unavailable': 'The pen control sheets are not set up on this server, so paper buttons do nothing.',
  'layout.more': 'More',
  'layout.moreTools': 'More tools',
  'layout.pages': 'Pages',
  'layout.pens': 'Pens',
  'toolbar.label': 'Drawing tools',
  'list.selectCard': 'Select {title}',
  'pageMenu.label': 'Page',
  'pageMenu.register': 'Register page order',
  'pageMenu.registrationUnreadable': 'The page-order registration of this board cannot be read: {detail}',
  'page.thumbnail': 'Page {no}',
  'page.delete': 'Delete page {no}',
  'page.deleteConfirm': 'Delete page {no} and its ink? You can undo it right after.',
  'page.deleted': 'Page {no} deleted.',
  'storage.memoryOnly':
    'This browser mode cannot keep boards (a private window, or site storage turned off). You can work as usual: boards stay until this page closes. To keep one, save it as .GRIDA.',
  'storage.memoryOnlyLine':
    'Boards are kept only until this page closes: this browser mode cannot store them. Save as .GRIDA to keep them.',
  // board-ink (issue 12): storage and other failures, safe ink
  'storage.saveFailed':
    'Your writing could not be saved in this browser ({reason}). It stays on this page and is saved as soon as storage works again. To keep a copy now, save it as .GRIDA.',
  'storage.saved': 'Your writing is saved again.',
  'storage.failed': 'Storing in this browser failed ({reason}).',
  'storage.full': 'The browser storage is full ({reason}). Free some space, or save the board as .GRIDA.',
  'storage.unavailable':
    'This browser cannot store boards ({reason}); a private window may block it. Boards made now are kept only until the page closes: save them as .GRIDA.',
  'storage.saveCopy': 'Save .GRIDA',
  'error.unexpected': 'Something went wrong: {reason}',
  'account.signOutFailed':
    'You are signed out of this board, but the server could not end your sign-in ({reason}). Close the browser before leaving this computer.',
  'pdf.renderFailed': 'A page of {name} could not be shown ({reason}).',
  'pdf.passwordCancelled':
    'No password was given for {name}: its pages stay blank until the board is opened again and the password entered. Your writing on them is kept.',
  'storage.badRecord': 'A stored record is damaged, so it cannot be shown ({where} {key}: {problem}).',
  'import.badFile': '{name} cannot be imported: its content is not valid ({problem}).',
  'pdf.passwordFile': 'File: {name}',
  'pdf.passwordCancelHint':
    'Cancel leaves the pages of this PDF blank until the board is opened again; writing on them is kept. The password is asked once per browser session.',
  'list.deleteForeverConfirm':
    'Delete {count} boards forever? Their pages, PDFs and writing cannot be restored.',
  'save.emptyWarning': 'This board has no writing and no PDF yet: the file will be empty.',
  'print.rangeBeyond': 'The document has {total} pages: pages {pages} do not exist and are left out.',
  'import.progress': 'Importing {name}: page {done} of {total}',
  // end board-ink
} as const;

/** Every board text key. */
export type BoardKey = keyof typeof boardEn;

/** A complete board catalogue. */
export type BoardMessages = { readonly [K in BoardKey]: string };

/**
 * Texts that change with `{count}` (Intl.PluralRules categories: one, two, few, many, zero);
 * the key's own text is the `other` form. Korean, Japanese and Chinese need none.
 */
export type BoardPlurals = {
  readonly [K in BoardKey]?: Readonly<Partial<Record<Intl.LDMLPluralRule, string>>>;
};

/** English plural forms. */
export const boardEnPlurals: BoardPlurals = {
  'list.pageCount': { one: '{count} page' },
  'print.rangeBeyond': {
    one: 'The document has {total} pages: page {pages} does not exist and is left out.',
  },
  'list.deleteForeverConfirm': {
    one: 'Delete {count} board forever? Its pages, PDFs and writing cannot be restored.',
  },
};
