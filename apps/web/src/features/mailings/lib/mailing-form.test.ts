import { describe, expect, it } from 'vitest';
import { formFieldOf, groupOf, mailingFormSchema, recipientsText } from './mailing-form';

const messages = (values: Record<string, unknown>) =>
  Object.fromEntries((mailingFormSchema.safeParse(values).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the mailing form', () => {
  it('asks for a group, its season (category, event, game), a subject and a text, in German', () => {
    expect(messages({ kind: '', groupId: '', subject: '', text: '' })).toEqual({
      kind: 'Gruppe: Bitte eine Gruppe wählen.',
      subject: 'Betreff: Bitte ausfüllen.',
      text: 'Text: Bitte ausfüllen.',
    });
    expect(messages({ kind: 'SEASON', groupId: '', subject: 'Hallo', text: 'Text' })).toEqual({
      groupId: 'Gruppe: Bitte eine Saison wählen.',
    });
    expect(messages({ kind: 'GAME', groupId: '', subject: 'Hallo', text: 'Text' })).toEqual({ groupId: 'Gruppe: Bitte ein Spiel wählen.' });
    expect(messages({ kind: 'BOARD', groupId: '', subject: 'Hallo', text: 'Text' })).toEqual({});
  });

  it('builds the group of the two selects only when it is complete', () => {
    expect(groupOf('', '')).toBeNull();
    expect(groupOf('EVENT', '')).toBeNull();
    expect(groupOf('EVENT', '7')).toEqual({ kind: 'EVENT', id: 7 });
    expect(groupOf('BOARD', '')).toEqual({ kind: 'BOARD' });
  });

  it('puts the server field paths beside the form fields and says the count in German', () => {
    expect(formFieldOf('group.id')).toBe('groupId');
    expect(formFieldOf('group.kind')).toBe('kind');
    expect(formFieldOf('subject')).toBe('subject');
    expect(recipientsText(123)).toBe('An 123 Empfänger');
  });
});
