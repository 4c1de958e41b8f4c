import { BOT_PERSONA_MAX } from '@lingxi/contract';
import { Dialog, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PERSONA_TEMPLATES, type PersonaTemplate } from './persona-templates';

interface PersonaFieldProps {
  value: string;
  onChange: (persona: string) => void;
}

/** The persona: a large editor with templates to start from (inserted at the end, or replacing after a confirm). */
export function PersonaField({ value, onChange }: PersonaFieldProps) {
  const { t } = useTranslation();

  const insert = async (key: PersonaTemplate) => {
    const text = t(`creation.templates.${key}.text`);
    if (!value.trim()) {
      onChange(text);
      return;
    }
    const replace = await Dialog.confirm({
      content: t('creation.templates.replaceConfirm'),
      confirmText: t('creation.templates.replace'),
      cancelText: t('creation.templates.append'),
    });
    const next = replace ? text : `${value.trimEnd()}\n\n${text}`;
    onChange(next.slice(0, BOT_PERSONA_MAX));
  };

  return (
    <>
      <div className="lx-templates" role="group" aria-label={t('creation.templates.label')}>
        <span className="lx-templates__label">{t('creation.templates.label')}</span>
        {PERSONA_TEMPLATES.map((key) => (
          <button
            key={key}
            type="button"
            className="lx-templates__chip"
            onClick={() => void insert(key)}
            data-testid={`template-${key}`}
          >
            {t(`creation.templates.${key}.title`)}
          </button>
        ))}
      </div>
      <div className="lx-textarea-box">
        <TextArea
          value={value}
          onChange={onChange}
          maxLength={BOT_PERSONA_MAX}
          autoSize={{ minRows: 8, maxRows: 16 }}
          placeholder={t('creation.persona.placeholder')}
          data-testid="persona-input"
        />
      </div>
    </>
  );
}
