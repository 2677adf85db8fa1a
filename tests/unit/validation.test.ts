/** The validation rules of section 5, shared by forms and the API. */
import { describe, expect, it } from 'vitest';
import * as v from '../../common/validation';

describe('section 5 rules', () => {
  const now = new Date('2026-11-22T10:00:00Z');

  it('search term: required, 2 to 100 characters, a letter', () => {
    expect(v.validateSearchTerm('')).toBe('required');
    expect(v.validateSearchTerm('A')).toBe('search_term_length');
    expect(v.validateSearchTerm('x'.repeat(101))).toBe('search_term_length');
    expect(v.validateSearchTerm('1234')).toBe('search_term_letter');
    expect(v.validateSearchTerm('Виктор Бут')).toBeNull();
  });

  it('year: at most 4 digits, above 1900, not in the future', () => {
    expect(v.validateYear('19850', now)).toBe('year_digits');
    expect(v.validateYear('1900', now)).toBe('year_min');
    expect(v.validateYear('2027', now)).toBe('year_future');
    expect(v.validateYear('2026', now)).toBeNull();
    expect(v.validateYear('', now)).toBeNull();
  });

  it('date filter: format, day, month, future', () => {
    expect(v.validateFilterDate('22/11/2026', now)).toBe('invalid_format');
    expect(v.validateFilterDate('2026-13-01', now)).toBe('invalid_month');
    expect(v.validateFilterDate('2026-02-30', now)).toBe('invalid_day');
    expect(v.validateFilterDate('2026-11-23', now)).toBe('future_date');
    expect(v.validateFilterDate('2024-02-29', now)).toBeNull();
  });

  it('person name: 2 to 30, letters only, no edge spaces, letters at both ends', () => {
    expect(v.validatePersonName('')).toBe('name_required');
    expect(v.validatePersonName(' Ann')).toBe('name_spaces');
    expect(v.validatePersonName('A')).toBe('name_length');
    expect(v.validatePersonName('A'.repeat(31))).toBe('name_length');
    expect(v.validatePersonName('Ann3')).toBe('name_characters');
    expect(v.validatePersonName('Ann@Lee')).toBe('name_characters');
    expect(v.validatePersonName("Ann-")).toBe('name_letters');
    expect(v.validatePersonName("Anne-Marie O'Neil")).toBeNull();
    expect(v.validatePersonName('محمد علي')).toBeNull();
  });

  it('e-mail', () => {
    expect(v.validateEmail('')).toBe('email_required');
    expect(v.validateEmail('a@b')).toBe('email_invalid');
    expect(v.validateEmail('ana@example.com')).toBeNull();
  });

  it('comment: 2 to 512, no brackets', () => {
    expect(v.validateComment('')).toBe('required');
    expect(v.validateComment('a')).toBe('comment_length_min');
    expect(v.validateComment('a'.repeat(513))).toBe('comment_length_max');
    expect(v.validateComment('a'.repeat(900), 1000)).toBeNull();
    for (const c of '()[]{}<>') expect(v.validateComment(`looks ${c} odd`)).toBe('comment_characters');
  });

  it('deletion reason and feedback', () => {
    expect(v.validateDeletionReason('')).toBe('required');
    expect(v.validateDeletionReason('too short')).toBe('reason_min');
    expect(v.validateDeletionReason('x'.repeat(201))).toBe('reason_max');
    expect(v.validateFeedback('')).toBe('feedback_required');
    expect(v.validateFeedback('ok')).toBe('feedback_min');
    expect(v.validateFeedback('x'.repeat(513))).toBe('feedback_max');
  });

  it('national id, profile title, match score, face image', () => {
    expect(v.validateNationalId('123456789012')).toBe('national_id_digits');
    expect(v.validateNationalId('1234567890123')).toBeNull();
    expect(v.validateProfileTitle('A')).toBe('profile_title_length');
    expect(v.validateProfileTitle('EU & UK')).toBe('profile_title_characters');
    expect(v.validateMatchScore(0)).toBe('match_score_range');
    expect(v.validateMatchScore('85')).toBeNull();
    expect(v.validateFaceImage({ size: 10, type: 'image/gif' })).toBe('incorrect_file_format');
    expect(v.validateFaceImage({ size: 5 * 1024 * 1024 + 1, type: 'image/png' })).toBe('file_size_limit_exceeds');
  });
});
