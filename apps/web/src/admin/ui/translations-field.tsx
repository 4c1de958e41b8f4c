import { TRANSLATED_LOCALES, type TranslatedLocale, type Translations } from '@lingxi/contract';
import { Collapse, Input, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A field of the source that operators translate: its name in `translations`, its limit, its shape. */
export type TranslatedFieldSpec = {
  /** `name`, `intro`, `greeting`, `questions`, `tags`, `title` or `body` (its label comes from the section). */
  name: 'name' | 'intro' | 'greeting' | 'questions' | 'tags' | 'title' | 'body';
  /** The source's limit in characters; en, es and fr may use three times it (the contract's rule). */
  max?: number;
  /** Rows of a multi-line text; a list (`list`) is edited one item per line. */
  rows?: number;
  list?: boolean;
};

const limit = (locale: TranslatedLocale, max?: number) =>
  max === undefined ? undefined : locale === 'zh-Hant' ? max : max * 3;

const filled = (texts: Record<string, string | string[]> | undefined) =>
  Object.values(texts ?? {}).some((v) => (Array.isArray(v) ? v.some((s) => s.trim()) : v.trim()));

/**
 * The translations of a form's platform-owned texts (docs/i18n.md, Data the platform owns): collapsed under the
 * source fields, one tab per locale. Empty means "not translated": en, es and fr then show the source, zh-Hant its
 * OpenCC conversion, which the zh-Hant tab says. A controlled value, so it works as an antd form control
 * (`<Form.Item name="translations">`) and with plain state alike.
 */
export function TranslationsField({
  fields,
  value,
  onChange,
}: {
  fields: TranslatedFieldSpec[];
  value?: Translations;
  onChange?: (next: Translations) => void;
}) {
  const { t } = useTranslation();
  const set = (locale: TranslatedLocale, field: string, text: string | string[]) =>
    onChange?.({ ...value, [locale]: { ...value?.[locale], [field]: text } });
  const count = TRANSLATED_LOCALES.filter((l) => filled(value?.[l])).length;

  const editor = (locale: TranslatedLocale, f: TranslatedFieldSpec) => {
    const current = value?.[locale]?.[f.name];
    const label = t(`translations.field.${f.name}`);
    const placeholder = t(locale === 'zh-Hant' ? 'translations.placeholderHant' : 'translations.placeholder');
    const common = { 'aria-label': `${label} (${t(`translations.locale.${locale}`)})`, placeholder };
    return (
      <div key={f.name} style={{ marginBottom: 12 }}>
        <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
          {label}
          {f.list ? (
            <Typography.Text type="secondary"> · {t('translations.onePerLine')}</Typography.Text>
          ) : null}
        </Typography.Text>
        {f.list ? (
          <Input.TextArea
            {...common}
            autoSize={{ minRows: 2, maxRows: 6 }}
            value={Array.isArray(current) ? current.join('\n') : ''}
            onChange={(e) => set(locale, f.name, e.target.value.split('\n'))}
          />
        ) : f.rows ? (
          <Input.TextArea
            {...common}
            autoSize={{ minRows: f.rows, maxRows: Math.max(f.rows, 30) }}
            maxLength={limit(locale, f.max)}
            showCount={f.max !== undefined}
            value={typeof current === 'string' ? current : ''}
            onChange={(e) => set(locale, f.name, e.target.value)}
          />
        ) : (
          <Input
            {...common}
            maxLength={limit(locale, f.max)}
            showCount={f.max !== undefined}
            value={typeof current === 'string' ? current : ''}
            onChange={(e) => set(locale, f.name, e.target.value)}
          />
        )}
      </div>
    );
  };

  const tabs = TRANSLATED_LOCALES.map((locale) => ({
    key: locale,
    forceRender: true,
    label: `${t(`translations.locale.${locale}`)}${filled(value?.[locale]) ? ' ✓' : ''}`,
    children: (
      <div>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t(locale === 'zh-Hant' ? 'translations.hintHant' : 'translations.hint')}
        </Typography.Paragraph>
        {fields.map((f) => editor(locale, f))}
      </div>
    ),
  }));

  return (
    <Collapse
      size="small"
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'translations',
          forceRender: true,
          label: `${t('translations.title')} (${t('translations.count', { count, total: TRANSLATED_LOCALES.length })})`,
          children: <Tabs size="small" items={tabs} />,
        },
      ]}
    />
  );
}
