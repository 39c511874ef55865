/**
 * English classroom text: the reference catalogue (classroom.md's strings quoted exactly). The
 * other languages are typed against it; a key they lack falls back to this text.
 */

import { analyticsText } from './analytics';
import { analyticsClassText } from './analyticsClass';
import { analyticsPupilText } from './analyticsPupil';
import { annotationText } from './annotation';
import { collectText } from './collect';
import { exportsText } from './exports';
import { lecturesText } from './lectures';
import { liveText } from './live';
import { materialPrintText } from './materialPrint';
import { materialsText } from './materials';
import { replayText } from './replay';
import { schoolsText } from './schools';
import { serverText } from './server';
import { stationText } from './station';

export const classroomEn = {
  'app.name': 'dotink classroom',
  'app.staging': 'staging',
  'app.skipToContent': 'Skip to content',
  'app.language': 'Language',
  // landing (§1)
  'landing.headline': 'Raise immersion and learning power',
  'landing.subtitle': 'A platform and smart pen optimised for video education',
  'landing.login': 'login',
  'landing.goToMain': 'go to main page',
  // login (§2, §4)
  'login.title': 'select login account',
  'login.google': 'Log in with {name}',
  'login.provider': 'Log in with a dotink account',
  'login.fetchingTeacher': 'fetching teacher information',
  'login.finished': 'finished',
  'login.failed': 'login failed',
  'login.loggingIn': 'Logging in…',
  logout: 'Logout',
  // gate (§4)
  'gate.loading': 'Loading…',
  // a textbook page's label (§5: page − 2; components/pageLabel.ts)
  'page.label': '{n} page',
  'gate.renewing': 'Your approval has come through. Updating your access…',
  'gate.noSchoolTitle': 'no school registration info',
  'gate.noSchoolBody':
    'School information must be registered and approved by the school manager teacher. You will be taken to the registration page.',
  'notApproval.title': 'check usage approval',
  'notApproval.body': 'Your approval for use is not complete. Ask the school administrator for approval.',
  'notApproval.otherAccount': 'log in with another account',
  // shell (§2)
  'shell.menu': 'Menu',
  'shell.home': 'Home',
  'shell.breadcrumb': 'Breadcrumb',
  'shell.pens': 'Connected pens: {count}',
  'shell.adminTeachers': 'Manage teachers',
  'shell.pendingBadge': '{count} teachers awaiting approval',
  'shell.drawer': 'Navigation',
  'shell.classStudents': 'class student management',
  'shell.classList': 'Class list',
  'shell.lectureMenu': 'Lecture management',
  'shell.selectClass': 'Selected class',
  'shell.noClass': 'No class selected',
  'common.confirm': 'Confirm',
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.loading': 'loading..',
  'common.rowsPerPage': 'Rows per page',
  'common.all': 'All',
  'common.pageOf': '{from}–{to} of {count}',
  'common.previousPage': 'Previous page',
  'common.nextPage': 'Next page',
  'common.persons': '{count} persons',
  'common.progress': '{percent}%',
  'common.sortAsc': 'sorted ascending',
  'common.sortDesc': 'sorted descending',
  // errors (§8)
  'error.status': 'response status:{code}, statusText:{text}',
  'error.network': 'Internet communication error',
  'error.storeUnavailable': 'The file storage cannot be reached: nothing was stored. Try again in a moment.',
  'error.caught': 'error caught: {text}',
  'error.studentLogin': 'student login failed',
  'error.refused': 'The server refused the request (status {code}).',
  'error.invalidAnswer': 'The server answered in an unexpected form.',
  // curriculum (placeholder of part 2)
  'curriculum.title': 'Lectures',
  'curriculum.create': 'create new lecture',
  'curriculum.empty': 'No lectures yet.',
  'curriculum.manageStudents': 'manage students',
  // school (§2, §5, §8)
  'school.title': 'school information input',
  'school.name': 'School name',
  'school.code': 'Authentication code',
  'school.codeHint': 'Filled in from the chosen school',
  'school.enteredCode': 'Enter the authentication code',
  'school.submit': 'input complete',
  'school.noAffiliation': 'Please enter your affiliation.',
  'school.codeMismatch': 'The affiliation authentication code does not match. Please enter again.',
  'school.registered': 'School information was registered correctly. Moving to the course operation page.',
  'school.updateFailed': 'Failed to update teacher information. Moving to the course operation page.',
  'school.locked':
    'School information that has been entered once is not changed. Moving to the course operation page. ({message})',
  'school.noResults': 'No school found',
  // admin teachers (§2, §4)
  'teachers.title': 'Teacher management',
  'teachers.checking': 'checking account permission',
  'teachers.name': 'Name',
  'teachers.id': 'ID',
  'teachers.school': 'Affiliation',
  'teachers.approval': 'Approval',
  'teachers.bulkApprove': 'bulk approve',
  'teachers.awaiting': 'awaiting approval',
  'teachers.approved': 'approved',
  'teachers.approve': 'Approve {name}',
  'teachers.undo': 'Undo approval of {name}',
  'teachers.self': '(you)',
  // classes (§2, §5, §8)
  'classes.title': 'class registration/management',
  'classes.year': 'Year',
  'classes.grade': 'Grade',
  'classes.classNum': 'Class number',
  'classes.className': 'Class name',
  'classes.teacher': 'Class teacher',
  'classes.teacherOf': 'Class teacher of {name}',
  'classes.noTeacher': '— no class teacher —',
  'classes.teacherChanged': 'Class teacher changed',
  'classes.students': 'student info management',
  'classes.addStudents': 'add/edit students',
  'classes.template': 'download Excel template',
  'classes.new': 'register new class',
  'classes.edit': 'Edit class',
  'classes.dialogTitle': 'Class registration',
  'classes.defaultName': '{year} grade {grade} class {classNum}',
  'classes.valueMissing': 'there is a value not entered',
  'classes.inUse':
    'The class info you are trying to register is in use; change the grade/class info or edit the existing one.',
  'classes.created': 'Class created',
  'classes.updated': 'Class updated',
  // students (§2, §5, §8)
  'students.title': 'student management',
  'students.num': 'registration number',
  'students.name': 'student name',
  'students.mac': 'smart pen info (MAC address)',
  'students.id': 'student unique ID (not changeable)',
  'students.apply': 'apply',
  'students.applyEdit': 'apply edit',
  'students.applyRow': 'Apply the edit of {name}',
  'students.updated': 'Student info updated',
  'students.selectAll': 'Select all students',
  'students.selectRow': 'Select {name}',
  'students.qr': 'QR code print',
  'students.excel': 'add/edit info by Excel',
  'students.addTitle': 'Add a pupil',
  'students.add': 'add',
  'students.addEmpty': 'Fill in the number, the name and the pen address.',
  'students.addBadNumber': 'The registration number is a whole number from 1.',
  'students.addTakenNumber': 'Another pupil of the class has this number.',
  'students.addBadPen': 'This is not a pen address (12 hexadecimal digits, e.g. 9C:7B:D2:00:00:01).',
  'students.addTakenPen': 'Another pupil of the class has this pen.',
  'students.remove': 'remove',
  'students.removeRow': 'Remove {name}',
  'students.removeTitle': 'Remove a pupil',
  'students.removeConfirm':
    'Remove pupil {num} {name} from the class? Their writing is kept, but they are no longer listed.',
  'students.removed': '{name} was removed from the class.',
  'students.error': '(error)',
  'students.duplicate': '(duplicate)',
  'students.wrongPens': 'there are items with wrongly entered smart pen info',
  'students.escUndo': 'ESC undoes current edit',
  'students.errorDuplicate': 'error in smart pen info (duplicate)',
  'students.errorInvalid': 'error in smart pen info (error)',
  'students.chooseClass': 'Choose a class',
  'students.none': 'No students registered.',
  'students.nameOf': 'Name of {num}',
  'students.macOf': 'Pen address of {num}',
  // spreadsheet import (§4, §5, §8)
  'import.title': 'Add students from a spreadsheet',
  'import.choose': 'Choose a file (.xlsx, .xls)',
  'import.help': 'Help',
  'import.helpTitle': 'How to fill in the spreadsheet',
  'import.helpBody':
    'Download the Excel template first. The first sheet is read; its header row names the columns number, name and mac (번호/이름/mac or 番号/名前/mac also work). A row with no number gets the next free number; empty rows are skipped.',
  'import.autoNumber': '(auto number)',
  'import.noName': '(no name)',
  'import.penWrong': 'pen information may have been entered wrongly',
  'import.penDuplicated': 'pen information may have been duplicated',
  'import.badFormat': 'not a file in the prescribed format',
  'import.noHeader': 'no column written as number, name, mac',
  'import.templateAdvice': 'Download the Excel template first and fill it in.',
  'import.noSheet': 'The file has no first sheet.',
  'import.tooLarge': 'The file has too many rows ({count}); at most {max} students can be added at once.',
  'import.refusedRows':
    'Rows {rows} cannot be saved as they are: correct them in the file and choose it again.',
  'import.numberTwice': '(number twice)',
  'import.nameTooLong': '(name longer than 100 characters)',
  'import.corrupt': 'The file is damaged or is not a spreadsheet (.xlsx or .xls).',
  'import.rows': '{count} rows',
  'import.confirm': 'Add',
  'import.addAnywayTitle': 'Add anyway?',
  'import.addAnyway':
    'Some rows have a wrong or duplicated pen address. Add them anyway? They stay marked until fixed.',
  'import.reading': 'Reading the spreadsheet',
  'import.saving': 'Saving students',
  // QR labels (§3, §9)
  'qr.noStudentTitle': 'no student selected',
  'qr.noStudent': 'you did not select students for QR code output',
  'qr.making': 'Making QR labels',
  'qr.done': 'The labels are ready.',
  'qr.passwordNote':
    "Each label prints the pupil's id, which is also the pupil's password: hand the labels to the pupils only.",
  'qr.warningTitle': 'Check the pen addresses',
  'qr.warning':
    "These pupils' labels carry a wrong or duplicated pen address; their pens will not be recognised:",
  'qr.printAnyway': 'Print anyway',
  'qr.cancelled': 'Print cancelled',
  ...lecturesText.en,
  ...materialsText.en,
  ...materialPrintText.en,
  ...replayText.en,
  ...analyticsText.en,
  ...analyticsClassText.en,
  ...analyticsPupilText.en,
  ...annotationText.en,
  ...liveText.en,
  ...stationText.en,
  ...exportsText.en,
  ...serverText.en,
  ...schoolsText.en,
  ...collectText.en,
} as const;

export type ClassroomKey = keyof typeof classroomEn;
export type ClassroomMessages = { readonly [K in ClassroomKey]: string };
