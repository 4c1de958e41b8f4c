import {
  KNOWLEDGE_DESCRIPTION_MAX,
  KNOWLEDGE_NAME_MAX,
  knowledgeBaseInput,
  validationErrorData,
  type KnowledgeBase,
  type KnowledgeBaseInput,
} from '@lingxi/contract';
import { Button, Input, TextArea, Toast } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Counter, FormField } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-error';
import { useNavigateSafe } from '../../../lib/navigation';
import { useCreateKnowledgeBase } from '../api/create-knowledge-base';
import { useUpdateKnowledgeBase } from '../api/update-knowledge-base';
import { CoverField } from './cover-field';

export interface KnowledgeFormValues {
  name: string;
  description: string;
  cover: string;
}

type FieldErrors = Partial<Record<keyof KnowledgeFormValues | 'form', string>>;

export const emptyKnowledgeValues = (): KnowledgeFormValues => ({ name: '', description: '', cover: '' });

export const valuesFromBase = (base: KnowledgeBase): KnowledgeFormValues => ({
  name: base.name,
  description: base.description,
  cover: base.cover,
});

/** The contract's schema judges the form, so its Chinese messages show on the fields. */
function validate(values: KnowledgeFormValues): FieldErrors {
  const result = knowledgeBaseInput.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form') as keyof FieldErrors;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The server's verdict on a field (the same schema, plus its own checks such as the cover's owner). */
function serverErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const parsed = validationErrorData.safeParse(error.data);
  if (!parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.data.issues) errors[issue.field] ??= issue.message;
  if (Object.keys(errors).length === 0) errors[parsed.data.field] = error.message;
  return errors;
}

interface KnowledgeEditorProps {
  base: KnowledgeBase | null;
  initial: KnowledgeFormValues;
}

/** Name, description and cover of a base; a new one opens its detail page, an edit goes back. */
export function KnowledgeEditor({ base, initial }: KnowledgeEditorProps) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const create = useCreateKnowledgeBase();
  const update = useUpdateKnowledgeBase();
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [fromServer, setFromServer] = useState<FieldErrors>({});
  const [uploading, setUploading] = useState(false);
  const saving = create.isPending || update.isPending;
  const errors = useMemo(
    () => ({ ...fromServer, ...(submitted ? validate(values) : {}) }),
    [fromServer, submitted, values],
  );

  const change = (patch: Partial<KnowledgeFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setFromServer((e) => {
      const left = { ...e };
      for (const key of Object.keys(patch)) delete left[key as keyof FieldErrors];
      return left;
    });
  };

  const save = () => {
    if (saving) return;
    if (uploading) {
      Toast.show({ content: t('knowledge.form.waitUpload') });
      return;
    }
    setSubmitted(true);
    const problems = validate(values);
    if (Object.keys(problems).length > 0) {
      Toast.show({ content: t('knowledge.form.fixErrors') });
      return;
    }
    const body: KnowledgeBaseInput = {
      name: values.name.trim(),
      description: values.description.trim(),
      cover: values.cover,
    };
    const onError = (error: unknown) => setFromServer(serverErrors(error));
    if (base === null) {
      create.mutate(body, {
        onError,
        onSuccess: (saved) => {
          Toast.show({ icon: 'success', content: t('knowledge.form.created') });
          nav.replace(`/knowledge-store/detail?id=${saved.id}`);
        },
      });
    } else {
      update.mutate(
        { id: base.id, body },
        {
          onError,
          onSuccess: () => {
            Toast.show({ icon: 'success', content: t('knowledge.form.saved') });
            nav.back(`/knowledge-store/detail?id=${base.id}`);
          },
        },
      );
    }
  };

  return (
    <>
      <main className="lx-kb-edit__body">
        <section className="lx-form-section lx-card">
          <FormField name="cover" label={t('knowledge.form.cover')} error={errors.cover}>
            <CoverField
              value={values.cover}
              seed={base?.id ?? 0}
              onChange={(cover) => change({ cover })}
              onUploadingChange={setUploading}
            />
          </FormField>
          <FormField
            name="name"
            label={t('knowledge.form.name')}
            extra={<Counter value={values.name} max={KNOWLEDGE_NAME_MAX} />}
            error={errors.name}
            required
          >
            <div className="lx-input-box">
              <Input
                value={values.name}
                onChange={(name) => change({ name })}
                maxLength={KNOWLEDGE_NAME_MAX}
                placeholder={t('knowledge.form.namePlaceholder')}
                clearable
                aria-label={t('knowledge.form.name')}
                data-testid="kb-name-input"
              />
            </div>
          </FormField>
          <FormField
            name="description"
            label={t('knowledge.form.description')}
            extra={<Counter value={values.description} max={KNOWLEDGE_DESCRIPTION_MAX} />}
            error={errors.description}
          >
            <div className="lx-textarea-box">
              <TextArea
                value={values.description}
                onChange={(description) => change({ description })}
                maxLength={KNOWLEDGE_DESCRIPTION_MAX}
                autoSize={{ minRows: 3, maxRows: 6 }}
                placeholder={t('knowledge.form.descriptionPlaceholder')}
                aria-label={t('knowledge.form.description')}
                data-testid="kb-description-input"
              />
            </div>
          </FormField>
        </section>
        {errors.form ? (
          <div className="lx-field__error" role="alert">
            {errors.form}
          </div>
        ) : null}
      </main>
      <div className="lx-kb-edit__bar lx-fixed-in-frame">
        <Button
          block
          shape="rounded"
          color="primary"
          className="lx-primary-button"
          loading={saving}
          onClick={save}
          data-testid="kb-save"
        >
          {t(base === null ? 'knowledge.form.create' : 'knowledge.form.save')}
        </Button>
      </div>
    </>
  );
}
