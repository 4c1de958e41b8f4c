import { describe, expect, it } from 'vitest';
import { emptyValues, fieldError, toBotInput, validateBot, type BotFormValues } from './bot-form-values';

const valid: BotFormValues = {
  ...emptyValues('/media/avatars/bot/abc.svg'),
  name: '旅行规划师',
  category: 'life',
  persona: '你是一位经验丰富的旅行规划师。',
};

describe('the editor is judged by the contract schema', () => {
  it('an empty form: the schema names every missing field, in Chinese', () => {
    const result = validateBot(emptyValues());
    expect(result.ok).toBe(false);
    expect(result.errors).toMatchObject({
      name: '请填写名称',
      avatar: '头像地址不正确',
      category: '请选择分类',
      persona: '角色设定至少10个字',
    });
  });

  it('limits: name, intro, tags, questions, temperature', () => {
    const result = validateBot({
      ...valid,
      name: '名'.repeat(21),
      intro: '介'.repeat(141),
      tags: ['一', '二', '三', '四', '五', '六'],
      questions: ['问'.repeat(41)],
      temperature: 1.6,
    });
    expect(result.ok).toBe(false);
    expect(result.errors.name).toBe('名称最多20个字');
    expect(result.errors.intro).toBe('简介最多140个字');
    expect(fieldError(result.errors, 'tags')).toBe('最多5个标签');
    expect(result.errors['questions.0']).toBe('推荐问题最多40个字');
    expect(result.errors.temperature).toBe('温度不能大于1.5');
  });

  it('blank question rows are dropped rather than refused; valid settings pass, trimmed', () => {
    expect(toBotInput({ ...valid, questions: ['  ', '去哪玩'] }).questions).toEqual(['去哪玩']);
    const result = validateBot({ ...valid, name: '  旅行规划师 ', questions: [''] });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data).toMatchObject({ name: '旅行规划师', questions: [] });
  });
});
