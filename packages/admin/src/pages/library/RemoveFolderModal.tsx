/**
 * Removing a folder says what happens before it happens: keeping its works is the default; taking
 * them out of the catalogue is a second, explicit choice with the counts it concerns.
 */
import { Alert, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../components/use-action';
import type { Folder, StartedJob } from './folder-types';

export function RemoveFolderModal({
  folder,
  onClose,
  onRemoved,
}: {
  folder: Folder | null;
  onClose: () => void;
  onRemoved: (job: StartedJob | null) => void;
}) {
  const { t } = useTranslation();
  const [removeWorks, setRemoveWorks] = useState(false);
  const { run, busy } = useAction(['library/runs']);
  if (!folder) return null;
  const confirm = async () => {
    const answer = (await run(
      'post',
      `/library/folders/${folder.id}/remove`,
      { removeWorks },
      t(removeWorks ? 'opset.folders.removedWithWorks' : 'opset.folders.removed'),
    )) as { job: StartedJob | null };
    setRemoveWorks(false);
    onRemoved(answer.job);
  };
  const counts = { works: folder.works, files: folder.files };
  return (
    <Modal
      open
      title={t('opset.folders.removeTitle', { root: folder.root })}
      okText={t('opset.folders.remove')}
      okButtonProps={{ danger: true, id: 'folder-remove-confirm' }}
      confirmLoading={busy}
      onOk={() => void confirm().catch(() => undefined)}
      onCancel={onClose}
      width={600}
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph>{t('opset.folders.removeIntro')}</Typography.Paragraph>
        <Radio.Group value={removeWorks} onChange={(event) => setRemoveWorks(event.target.value as boolean)}>
          <Space direction="vertical">
            <Radio value={false} data-testid="folder-keep-works">
              {t('opset.folders.keepWorks', counts)}
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {t('opset.folders.keepWorksHelp')}
              </Typography.Text>
            </Radio>
            <Radio value={true} data-testid="folder-remove-works">
              {t('opset.folders.removeWorks', counts)}
            </Radio>
          </Space>
        </Radio.Group>
        {removeWorks && <Alert type="warning" showIcon message={t('opset.folders.removeWorksHelp')} />}
      </Space>
    </Modal>
  );
}
