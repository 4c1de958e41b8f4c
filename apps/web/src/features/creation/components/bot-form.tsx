import {
  BOT_GREETING_MAX,
  BOT_INTRO_MAX,
  BOT_NAME_MAX,
  BOT_PERSONA_MAX,
  BOT_QUESTIONS_MAX,
  BOT_TAGS_MAX,
  type Category,
  type ModelInfo,
} from '@lingxi/contract';
import { Input, TextArea } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Counter, FormField } from '../../../components/form-field';
import { AvatarField } from './avatar-field';
import { fieldError, type BotFormValues, type FieldErrors } from './bot-form-values';
import { KnowledgeField } from './knowledge-field';
import { ModelPicker, TemperatureSlider } from './model-fields';
import { PersonaField } from './persona-field';
import { PickerRow } from './picker-row';
import { QuestionsField } from './questions-field';
import { TagsField } from './tags-field';
import { VisibilityField } from './visibility-field';
import './bot-form-controls.css';
import './bot-form-choices.css';

interface BotFormProps {
  values: BotFormValues;
  errors: FieldErrors;
  onChange: (patch: Partial<BotFormValues>) => void;
  categories: Category[] | undefined;
  models: ModelInfo[] | undefined;
  onUploadingChange: (uploading: boolean) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="lx-form-section lx-card">
      <h2 className="lx-form-section__title">{title}</h2>
      {children}
    </section>
  );
}

/** Every setting of a bot, in four cards; problems are shown on their fields. */
export function BotForm({ values, errors, onChange, categories, models, onUploadingChange }: BotFormProps) {
  const { t } = useTranslation();
  const err = (field: string) => fieldError(errors, field);
  const category = categories?.find((c) => c.id === values.category || c.name === values.category);

  return (
    <>
      <Section title={t('creation.sections.basic')}>
        <FormField name="avatar" label={t('creation.avatar.label')} error={err('avatar')} required>
          <AvatarField
            value={values.avatar}
            onChange={(avatar) => onChange({ avatar })}
            onUploadingChange={onUploadingChange}
          />
        </FormField>
        <FormField
          name="name"
          label={t('creation.name.label')}
          extra={<Counter value={values.name} max={BOT_NAME_MAX} />}
          error={err('name')}
          required
        >
          <div className="lx-input-box">
            <Input
              value={values.name}
              onChange={(name) => onChange({ name })}
              maxLength={BOT_NAME_MAX}
              placeholder={t('creation.name.placeholder')}
              clearable
              data-testid="name-input"
            />
          </div>
        </FormField>
        <FormField
          name="intro"
          label={t('creation.intro.label')}
          extra={<Counter value={values.intro} max={BOT_INTRO_MAX} />}
          error={err('intro')}
        >
          <div className="lx-textarea-box">
            <TextArea
              value={values.intro}
              onChange={(intro) => onChange({ intro })}
              maxLength={BOT_INTRO_MAX}
              autoSize={{ minRows: 2, maxRows: 5 }}
              placeholder={t('creation.intro.placeholder')}
              data-testid="intro-input"
            />
          </div>
        </FormField>
        <FormField name="category" label={t('creation.category.label')} error={err('category')} required>
          <PickerRow
            title={t('creation.category.label')}
            placeholder={t('creation.category.placeholder')}
            display={category?.name ?? (values.category || null)}
            column={(categories ?? []).map((c) => ({ label: c.name, value: c.id }))}
            value={category?.id ?? values.category}
            loading={!categories}
            onChange={(id) => onChange({ category: id })}
            testId="category-picker"
          />
        </FormField>
        <FormField
          name="tags"
          label={t('creation.tags.label')}
          extra={`${values.tags.length}/${BOT_TAGS_MAX}`}
          hint={t('creation.tags.hint')}
          error={err('tags')}
        >
          <TagsField value={values.tags} onChange={(tags) => onChange({ tags })} />
        </FormField>
      </Section>

      <Section title={t('creation.sections.persona')}>
        <FormField
          name="persona"
          label={t('creation.persona.label')}
          extra={<Counter value={values.persona} max={BOT_PERSONA_MAX} />}
          hint={t('creation.persona.hint')}
          error={err('persona')}
          required
        >
          <PersonaField value={values.persona} onChange={(persona) => onChange({ persona })} />
        </FormField>
        <FormField
          name="greeting"
          label={t('creation.greeting.label')}
          extra={<Counter value={values.greeting} max={BOT_GREETING_MAX} />}
          error={err('greeting')}
        >
          <div className="lx-textarea-box">
            <TextArea
              value={values.greeting}
              onChange={(greeting) => onChange({ greeting })}
              maxLength={BOT_GREETING_MAX}
              autoSize={{ minRows: 2, maxRows: 5 }}
              placeholder={t('creation.greeting.placeholder')}
              data-testid="greeting-input"
            />
          </div>
        </FormField>
        <FormField
          name="questions"
          label={t('creation.questions.label')}
          extra={`${values.questions.length}/${BOT_QUESTIONS_MAX}`}
          error={errors.questions}
        >
          <QuestionsField
            value={values.questions}
            errors={errors}
            onChange={(questions) => onChange({ questions })}
          />
        </FormField>
      </Section>

      <Section title={t('creation.sections.knowledge')}>
        <FormField
          name="knowledge_base_ids"
          label={t('creation.knowledge.label')}
          hint={t('creation.knowledge.hint')}
          error={err('knowledge_base_ids')}
        >
          <KnowledgeField
            value={values.knowledge_base_ids}
            onChange={(knowledge_base_ids) => onChange({ knowledge_base_ids })}
          />
        </FormField>
      </Section>

      <Section title={t('creation.sections.model')}>
        <FormField name="model_id" label={t('creation.model.label')} error={err('model_id')}>
          <ModelPicker
            models={models}
            value={values.model_id}
            onChange={(model_id) => onChange({ model_id })}
          />
        </FormField>
        <FormField
          name="temperature"
          label={t('creation.temperature.label')}
          extra={<span className="lx-temperature__value">{values.temperature.toFixed(1)}</span>}
          hint={t('creation.temperature.hint')}
          error={err('temperature')}
        >
          <TemperatureSlider
            value={values.temperature}
            onChange={(temperature) => onChange({ temperature })}
          />
        </FormField>
      </Section>

      <Section title={t('creation.sections.publish')}>
        <FormField
          name="visibility"
          label={t('creation.visibility.label')}
          hint={values.visibility === 'public' ? t('creation.visibility.reviewHint') : undefined}
          error={err('visibility')}
        >
          <VisibilityField value={values.visibility} onChange={(visibility) => onChange({ visibility })} />
        </FormField>
      </Section>
    </>
  );
}
