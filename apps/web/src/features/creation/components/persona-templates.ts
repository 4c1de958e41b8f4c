/** The persona templates offered in the editor: their titles and texts live in the locales. */
export const PERSONA_TEMPLATES = ['roleplay', 'writer', 'tutor'] as const;
export type PersonaTemplate = (typeof PERSONA_TEMPLATES)[number];
