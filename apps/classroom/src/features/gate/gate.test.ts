import { describe, expect, it } from 'vitest';
import { decideGate, type GateInput } from './gate';

const active: GateInput['teacher'] = {
  eduSchoolId: 1,
  eduOfficeCode: 'B10',
  status: 'ACTIVE',
  isSchoolAdmin: false,
};
const full = ['edu.pending', 'edu.read', 'edu.write'];
const at = (path: string, over: Partial<GateInput> = {}) =>
  decideGate({ hasToken: true, scopes: full, teacher: active, path, ...over });

describe('the access gate (classroom.md §4)', () => {
  it('sends a visitor without a token to the landing page', () => {
    expect(at('/main', { hasToken: false })).toEqual({ kind: 'redirect', to: '/' });
    expect(at('/main/curriculum', { hasToken: false })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('on the gate page: no office code → the dialog; unapproved → notApproval; else curriculum', () => {
    expect(at('/main', { teacher: { ...active, eduSchoolId: null, eduOfficeCode: '' } })).toEqual({
      kind: 'noSchoolDialog',
    });
    expect(at('/main', { scopes: ['edu.pending'] })).toEqual({ kind: 'redirect', to: '/main/notApproval' });
    expect(at('/main', { teacher: { ...active, status: 'PENDING_ACTIVE' } })).toEqual({
      kind: 'redirect',
      to: '/main/notApproval',
    });
    expect(at('/main')).toEqual({ kind: 'redirect', to: '/main/curriculum' });
  });

  it('below /main: school and notApproval are open; no school → school; unapproved → notApproval', () => {
    const pending = { scopes: ['edu.pending'] };
    expect(at('/main/school', pending)).toEqual({ kind: 'stay' });
    expect(at('/main/notApproval', pending)).toEqual({ kind: 'stay' });
    expect(at('/main/curriculum', { teacher: { ...active, eduSchoolId: null } })).toEqual({
      kind: 'redirect',
      to: '/main/school',
    });
    expect(at('/main/curriculum', pending)).toEqual({ kind: 'redirect', to: '/main/notApproval' });
    expect(at('/main/curriculum')).toEqual({ kind: 'stay' });
  });

  it('admin pages only for a school administrator', () => {
    expect(at('/main/admin/teachers')).toEqual({ kind: 'notAdmin' });
    expect(at('/main/admin/teachers', { teacher: { ...active, isSchoolAdmin: true } })).toEqual({
      kind: 'stay',
    });
  });

  it('renews the tokens silently when the teacher was approved since her sign-in (issue 28 item 2)', () => {
    const pendingToken = { scopes: ['edu.pending'], canRenew: true };
    for (const path of ['/main', '/main/notApproval', '/main/curriculum', '/main/school']) {
      expect(at(path, pendingToken), path).toEqual({ kind: 'renew' });
    }
    // once renewed silently (canRenew false) the gate decides as before: no loop
    expect(at('/main', { scopes: ['edu.pending'], canRenew: false })).toEqual({
      kind: 'redirect',
      to: '/main/notApproval',
    });
    // still pending, or already holding edu.read: nothing to renew
    expect(at('/main', { ...pendingToken, teacher: { ...active, status: 'PENDING_ACTIVE' } })).toEqual({
      kind: 'redirect',
      to: '/main/notApproval',
    });
    expect(at('/main', { canRenew: true })).toEqual({ kind: 'redirect', to: '/main/curriculum' });
  });
});
