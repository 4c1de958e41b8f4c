import { CATEGORY_NAME_MAX, type AdminCategory, type CategoryCreateBody } from '@lingxi/contract';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
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
  useEffect(() => {
    if (open) form.setFieldsValue(editing ?? { id: '', name: '', icon: '', sort: 0, translations: {} });
  }, [open, editing, form]);
  return (
    <Modal
      title={editing ? `编辑分类「${editing.name}」` : '新建分类'}
      open={open}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then(onSave, () => undefined)}
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="id"
          label="分类ID"
          extra="用在链接和筛选里，创建后不能修改"
          rules={[
            { required: true, message: '请填写分类ID' },
            { pattern: /^[a-z][a-z0-9-]{1,31}$/, message: '2到32位小写字母、数字或-，以字母开头' },
          ]}
        >
          <Input placeholder="例如 travel" disabled={!!editing} />
        </Form.Item>
        <Form.Item
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请填写分类名称' },
            { max: CATEGORY_NAME_MAX, message: `分类名称最多${CATEGORY_NAME_MAX}个字` },
          ]}
        >
          <Input placeholder="例如 旅行" maxLength={CATEGORY_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="translations" noStyle>
          <TranslationsField fields={[{ name: 'name', max: CATEGORY_NAME_MAX }]} />
        </Form.Item>
        <Form.Item name="icon" label="图标" extra="一个表情符号（如 ✈️），或图片地址；可不填">
          <Input placeholder="✈️" maxLength={300} />
        </Form.Item>
        <Form.Item name="sort" label="排序值" extra="越小越靠前；也可以在列表里用上下箭头调整">
          <InputNumber min={0} max={100000} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
