import { BOT_QUESTION_MAX, BOT_QUESTIONS_MAX } from '@lingxi/contract';
import { Input } from 'antd-mobile';
import { AddOutline, MinusCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from './bot-form-values';

interface QuestionsFieldProps {
  value: string[];
  errors: FieldErrors;
  onChange: (questions: string[]) => void;
}

/** Up to three questions shown under the greeting; each row is removable. */
export function QuestionsField({ value, errors, onChange }: QuestionsFieldProps) {
  const { t } = useTranslation();
  const set = (index: number, text: string) => onChange(value.map((q, i) => (i === index ? text : q)));
  return (
    <div className="lx-questions">
      {value.map((question, index) => (
        <div key={index}>
          <div className={`lx-inline-input${errors[`questions.${index}`] ? ' lx-inline-input--error' : ''}`}>
            <span className="lx-questions__index">{index + 1}</span>
            <Input
              value={question}
              onChange={(text) => set(index, text)}
              maxLength={BOT_QUESTION_MAX}
              placeholder={t('creation.questions.placeholder')}
              data-testid={`question-input-${index}`}
            />
            <button
              type="button"
              className="lx-questions__remove"
              aria-label={t('creation.questions.remove')}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <MinusCircleOutline />
            </button>
          </div>
          {errors[`questions.${index}`] ? (
            <div className="lx-field__error" role="alert">
              {errors[`questions.${index}`]}
            </div>
          ) : null}
        </div>
      ))}
      {value.length < BOT_QUESTIONS_MAX ? (
        <button
          type="button"
          className="lx-dashed-button"
          onClick={() => onChange([...value, ''])}
          data-testid="question-add"
        >
          <AddOutline /> {t('creation.questions.add', { count: BOT_QUESTIONS_MAX - value.length })}
        </button>
      ) : null}
    </div>
  );
}
