import { describe, expect, it } from 'vitest';
import { tokenKeyFor } from '../../../../src/main/core/routing/vault-keys';

describe('where each account keeps its token', () => {
  it('keeps the first account on the key today’s one token is saved under, so no secret moves', () => {
    expect(tokenKeyFor('main')).toBe('token');
  });

  it('gives every other account a key of its own that no other id can reach', () => {
    const keys = ['spare', 'cheap', 'main-2', 'token'].map(tokenKeyFor);
    expect(keys).toEqual(['token.spare', 'token.cheap', 'token.main-2', 'token.token']);
    expect(new Set(keys).size).toBe(keys.length);
    expect(() => tokenKeyFor('../main')).toThrow();
    expect(() => tokenKeyFor('Main')).toThrow();
    expect(() => tokenKeyFor('')).toThrow();
  });
});
