/**
 * 0003 education: the classroom records of classroom.md §3 — the built-in textbook catalogue,
 * classes (kumi), students, lectures (curriculums), learning materials (textbooks) and lessons
 * (courses). Students are accounts of kind 'student'; the row here holds their class data.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('builtin_textbooks')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('semester', 'integer')
    .addColumn('grade', 'integer')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('section', 'integer', (c) => c.notNull())
    .addColumn('owner', 'integer', (c) => c.notNull())
    .addColumn('book', 'integer', (c) => c.notNull())
    .addColumn('first_page', 'integer', (c) => c.notNull())
    .addColumn('num_pages', 'integer', (c) => c.notNull())
    .addColumn('page_margin_left', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('has_background', 'boolean', (c) => c.notNull())
    .addColumn('nproj_url', 'text')
    .addColumn('pdf_url', 'text')
    .addColumn('page_naming', 'text', (c) => c.notNull())
    .addColumn('categories', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();

  await db.schema
    .createTable('classes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
    .addColumn('teacher_id', 'text', (c) => c.references('accounts.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('grade', 'integer', (c) => c.notNull())
    .addColumn('class_num', 'integer', (c) => c.notNull())
    .addColumn('class_name', 'text', (c) => c.notNull())
    .addColumn('semester', 'integer')
    .addColumn('builtin_textbook_id', 'integer', (c) => c.references('builtin_textbooks.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('classes_number_unique', ['school_id', 'year', 'grade', 'class_num'])
    .execute();

  await db.schema
    .createTable('students')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id'))
    .addColumn('num', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mac_address', 'text', (c) => c.notNull().defaultTo('00:00:00:00:00:00'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('delete_yn', 'text', (c) => c.notNull().defaultTo('N').check(sql`delete_yn in ('N', 'Y')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('students_num_unique', ['class_id', 'num'])
    .execute();
  await db.schema.createIndex('students_mac_idx').on('students').column('mac_address').execute();

  await db.schema
    .createTable('curriculums')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id'))
    .addColumn('teacher_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('subject_id', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('start_at', 'timestamptz')
    .addColumn('end_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('curriculums_teacher_idx').on('curriculums').column('teacher_id').execute();

  await db.schema
    .createTable('textbooks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('curriculum_id', 'integer', (c) =>
      c.notNull().references('curriculums.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('REGULAR', 'POD', 'SINGLEMENU', 'MULTIMENU')`),
    )
    .addColumn('builtin_textbook_id', 'integer', (c) => c.references('builtin_textbooks.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('section', 'integer', (c) => c.notNull())
    .addColumn('owner', 'integer', (c) => c.notNull())
    .addColumn('book', 'integer', (c) => c.notNull())
    .addColumn('ncode_start_page', 'integer', (c) => c.notNull())
    .addColumn('ncode_end_page', 'integer', (c) => c.notNull())
    .addColumn('num_pages', 'integer', (c) => c.notNull())
    .addColumn('pdf_sha256', 'text')
    .addColumn('nproj_sha256', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('textbooks_curriculum_idx').on('textbooks').column('curriculum_id').execute();

  await db.schema
    .createTable('courses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('curriculum_id', 'integer', (c) =>
      c.notNull().references('curriculums.id').onDelete('cascade'),
    )
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('B').check(sql`status in ('B', 'E')`))
    .addColumn('session_id', 'text')
    .addColumn('session_status', 'text')
    .addColumn('edu_course_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('courses_curriculum_idx').on('courses').column('curriculum_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['courses', 'textbooks', 'curriculums', 'students', 'classes', 'builtin_textbooks']) {
    await db.schema.dropTable(t).execute();
  }
}
