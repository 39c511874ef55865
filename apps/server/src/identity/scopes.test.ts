import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allScopes, grantableScopes, grantedScopes, Scope, type ScopeSubject } from './scopes';

const teacher = (status: 'ACTIVE' | 'PENDING_ACTIVE', isSchoolAdmin = false): ScopeSubject => ({
  kind: 'teacher',
  status,
  isSchoolAdmin,
});

describe('scope policy', () => {
  it('names the scopes of classroom.md §6', () => {
    expect([...allScopes].sort()).toEqual([
      'admin.read',
      'admin.write',
      'edu.pending',
      'edu.read',
      'edu.write',
      'member.admin.read',
      'offline_access',
      'openid',
      'print',
      'profile',
      'storage',
      'userdata',
    ]);
  });

  it('gives a pending teacher only the pending scope and printing beyond the profile', () => {
    expect([...grantableScopes(teacher('PENDING_ACTIVE'))].sort()).toEqual([
      'edu.pending',
      'offline_access',
      'openid',
      'print',
      'profile',
      'userdata',
    ]);
  });

  it('gives an active teacher the education scopes and an administrator the admin scopes too', () => {
    const active = grantableScopes(teacher('ACTIVE'));
    expect(active.has(Scope.eduRead) && active.has(Scope.eduWrite)).toBe(true);
    expect(active.has(Scope.adminRead)).toBe(false);
    const admin = grantableScopes(teacher('ACTIVE', true));
    for (const s of [Scope.adminRead, Scope.adminWrite, Scope.memberAdminRead])
      expect(admin.has(s)).toBe(true);
    // The admin flag means nothing until the teacher is approved.
    expect(grantableScopes(teacher('PENDING_ACTIVE', true)).has(Scope.adminRead)).toBe(false);
  });

  it('gives a student the profile, the ink store and printing only', () => {
    const s = grantableScopes({ kind: 'student', status: 'ACTIVE', isSchoolAdmin: false });
    expect([...s].sort()).toEqual(['offline_access', 'openid', 'print', 'profile', 'storage']);
  });

  it('grants a subset of what was asked, in order, without duplicates or unknown scopes (property)', () => {
    const subject = fc.record({
      kind: fc.constantFrom('teacher' as const, 'student' as const),
      status: fc.constantFrom('ACTIVE' as const, 'PENDING_ACTIVE' as const),
      isSchoolAdmin: fc.boolean(),
    });
    const words = fc.array(fc.oneof(fc.constantFrom(...allScopes), fc.string({ maxLength: 8 })), {
      maxLength: 12,
    });
    fc.assert(
      fc.property(subject, words, (sub, asked) => {
        const granted = grantedScopes(asked.join(' '), sub);
        const allowed = grantableScopes(sub);
        expect(new Set(granted).size).toBe(granted.length);
        for (const g of granted) {
          expect(asked).toContain(g);
          expect(allowed.has(g as never)).toBe(true);
        }
        const order = granted.map((g) => asked.indexOf(g));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }),
    );
  });
});
