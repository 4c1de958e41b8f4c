import { CATEGORY_NAME_MAX, type AdminCategory, type CategoryCreateBody } from '@lingxi/contract';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TranslationsField } from '../../ui/translations-field';

/** Creates a category (`editing` null) or edits one; the id is fixed once created (bots and links name it). */
export function CategoryModal({
  open,
  editing,
  saving,
  onCancel,
  onSave,
}: {
  open: boolean;
  editing: AdminCategory | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (values: CategoryCreateBody) => void;
}) {
  const [form] = Form.useForm<CategoryCreateBody>();
  const { t } = useTranslation();
  useEffect(() => {
    if (open) form.setFieldsValue(editing ?? { id: '', name: '', icon: '', sort: 0, translations: {} });
  }, [open, editing, form]);
  return (
    <Modal
      title={
        editing
          ? t('catalogue.categories.editTitle', { name: editing.name })
          : t('catalogue.categories.create')
      }
      open={open}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then(onSave, () => undefined)}
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="id"
          label={t('catalogue.col.categoryId')}
          extra={t('catalogue.modal.idHelp')}
          rules={[
            { required: true, message: t('catalogue.modal.idRequired') },
            { pattern: /^[a-z][a-z0-9-]{1,31}$/, message: t('catalogue.modal.idPattern') },
          ]}
        >
          <Input placeholder={t('catalogue.modal.idPlaceholder')} disabled={!!editing} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('catalogue.col.name')}
          rules={[
            { required: true, whitespace: true, message: t('catalogue.modal.nameRequired') },
            { max: CATEGORY_NAME_MAX, message: t('catalogue.modal.nameMax', { max: CATEGORY_NAME_MAX }) },
          ]}
        >
          <Input placeholder={t('catalogue.modal.namePlaceholder')} maxLength={CATEGORY_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="translations" noStyle>
          <TranslationsField fields={[{ name: 'name', max: CATEGORY_NAME_MAX }]} />
        </Form.Item>
        <Form.Item name="icon" label={t('catalogue.col.icon')} extra={t('catalogue.modal.iconHelp')}>
          <Input placeholder="✈️" maxLength={300} />
        </Form.Item>
        <Form.Item name="sort" label={t('catalogue.col.sort')} extra={t('catalogue.modal.sortHelp')}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
