import '../test-i18n';
import type { Translations } from '@lingxi/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { TranslationsField } from './translations-field';

function Harness({ initial, onForm }: { initial: Translations; onForm: (f: FormInstance) => void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <Form form={form} initialValues={{ translations: initial }}>
      <Form.Item name="translations" noStyle>
        <TranslationsField
          fields={[
            { name: 'name', max: 10 },
            { name: 'questions', list: true },
          ]}
        />
      </Form.Item>
    </Form>
  );
}

describe('TranslationsField', () => {
  it('edits one locale without losing the others; lists are one item per line; zh-Hant says empty converts', () => {
    let form: FormInstance | undefined;
    render(
      <Harness initial={{ en: { name: 'Writing' }, fr: { name: 'Écriture' } }} onForm={(f) => (form = f)} />,
    );
    expect(screen.getByText(/已翻译 2\/4/)).toBeTruthy();
    fireEvent.click(screen.getByText(/多语言/));

    fireEvent.change(screen.getByLabelText('名称 (Español)'), { target: { value: 'Escritura' } });
    fireEvent.change(screen.getByLabelText('推荐问题 (English)'), { target: { value: 'One\nTwo' } });
    expect(form!.getFieldValue('translations')).toEqual({
      en: { name: 'Writing', questions: ['One', 'Two'] },
      es: { name: 'Escritura' },
      fr: { name: 'Écriture' },
    });
    // en, es and fr may use three times the source's limit; zh-Hant the source's own.
    expect(screen.getByLabelText('名称 (English)').getAttribute('maxlength')).toBe('30');
    expect(screen.getByLabelText('名称 (繁體中文)').getAttribute('maxlength')).toBe('10');
    expect(screen.getByText(/自动转换为繁体/)).toBeTruthy();
    expect(screen.getByText(/已翻译 3\/4/)).toBeTruthy();
  });
});
