/**
 * The numbered migrations, in order. To add one: create `NNNN_what.ts` numbered after the newest
 * one (a database that ran the newest refuses any migration named before it), exporting `up` and
 * `down`, add it here, and add a test to `migrations.test.ts`.
 */
import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_identity';
import * as m0002 from './0002_oidc';
import * as m0003 from './0003_education';
import * as m0010 from './0010_edu_activity';
import * as m0020 from './0020_ink_store';
import * as m0021 from './0021_code_issuing';
import * as m0030 from './0030_boards';
import * as m0031 from './0031_ink_store_keys';
import * as m0032 from './0032_student_pen_password';
import * as m0035 from './0035_ink_versions';
import * as m0040 from './0040_ink_stroke_facts';
import * as m0041 from './0041_textbook_units';
import * as m0042 from './0042_ink_book_facts';
import * as m0043 from './0043_ink_live_index';
import * as m0044 from './0044_book_facts_own_writing';
import * as m0045 from './0045_oneroster_ids';

export const migrations: Readonly<Record<string, Migration>> = {
  '0001_identity': m0001,
  '0002_oidc': m0002,
  '0003_education': m0003,
  '0010_edu_activity': m0010,
  '0020_ink_store': m0020,
  '0021_code_issuing': m0021,
  '0030_boards': m0030,
  '0031_ink_store_keys': m0031,
  '0032_student_pen_password': m0032,
  '0035_ink_versions': m0035,
  '0040_ink_stroke_facts': m0040,
  '0041_textbook_units': m0041,
  '0042_ink_book_facts': m0042,
  '0043_ink_live_index': m0043,
  '0044_book_facts_own_writing': m0044,
  '0045_oneroster_ids': m0045,
};
