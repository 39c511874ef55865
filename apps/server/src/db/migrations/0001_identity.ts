/**
 * 0001 identity: schools, accounts (teachers and students), links to upstream identity
 * providers, and the failed-login counters behind the lockout.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('schools')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('edu_office_code', 'text', (c) => c.notNull())
    .addColumn('school_type_code', 'text', (c) => c.notNull())
    .addColumn('school_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('schools_codes_unique', ['edu_office_code', 'school_type_code', 'school_code'])
    .execute();
  await db.schema.createIndex('schools_name_idx').on('schools').column('name').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('teacher', 'student')`))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('PENDING_ACTIVE').check(sql`status in ('ACTIVE', 'PENDING_ACTIVE')`),
    )
    .addColumn('is_school_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('school_id', 'integer', (c) => c.references('schools.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('accounts_school_idx').on('accounts').column('school_id').execute();

  await db.schema
    .createTable('account_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('account_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema
    .createIndex('account_identities_account_idx')
    .on('account_identities')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .addPrimaryKeyConstraint('login_attempts_pk', ['username', 'ip'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
  await db.schema.dropTable('account_identities').execute();
  await db.schema.dropTable('accounts').execute();
  await db.schema.dropTable('schools').execute();
}
