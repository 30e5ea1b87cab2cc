/**
 * Adding a library folder: the path is typed, not browsed (the console runs in the operator's
 * browser, the folder is on the server), and checked by the server, whose message is shown as is.
 */
import { Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../components/use-action';
import { FOLDER_KINDS, type FolderKind, type StartedJob } from './folder-types';

interface Values {
  path: string;
  kind: FolderKind | 'layout';
  watch: boolean;
}

export function AddFolderModal({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (job: StartedJob) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { run, busy } = useAction(['library/runs']);
  const submit = async (values: Values) => {
    const answer = (await run(
      'post',
      '/library/folders',
      { path: values.path, kind: values.kind === 'layout' ? null : values.kind, watch: values.watch },
      t('opset.folders.added'),
    )) as { job: StartedJob };
    form.resetFields();
    onAdded(answer.job);
  };
  return (
    <Modal
      open={open}
      title={t('opset.folders.addTitle')}
      okText={t('common.add')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ id: 'folder-add-submit' }}
      destroyOnClose
      width={600}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'layout', watch: true }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        <Form.Item
          name="path"
          label={t('opset.folders.path')}
          extra={t('opset.folders.pathHelp')}
          rules={[{ required: true, whitespace: true, message: t('opset.folders.pathRequired') }]}
        >
          <Input placeholder="/srv/media/library" data-testid="folder-path" maxLength={1024} />
        </Form.Item>
        <Form.Item name="kind" label={t('opset.folders.kind')} extra={t('opset.folders.kindHelp')}>
          <Select
            data-testid="folder-kind"
            options={[
              { value: 'layout', label: t('opset.folders.byLayout') },
              ...FOLDER_KINDS.map((kind) => ({ value: kind, label: t(`workTypes.${kind}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="watch"
          label={t('opset.folders.watch')}
          extra={t('opset.folders.watchHelp')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
