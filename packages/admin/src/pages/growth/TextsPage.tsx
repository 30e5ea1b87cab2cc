/**
 * Growth → Texts: about and agreement pages, customer service, help entries and notices, as the
 * app answers them (/v3/init/txt, /v3/init/kefu, /v3/app/help, /v3/app/notice). Each card saves
 * its own text; the server stores plain text (markup removed).
 */
import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Space, Tabs } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { formatTime } from '../../components/format';
import { useAction } from '../../components/use-action';
import { LINK_PATTERN, type Texts } from './growth-settings-types';

type Name = keyof Texts;

export function TextsPage() {
  const { t } = useTranslation();
  const canAdmin = useCan('admin');
  const { result, query } = useCustom<{ data: Texts }>({ url: '/growth/texts', method: 'get' });
  const texts = result?.data?.data;
  const { run, busy } = useAction([]);
  const [about] = Form.useForm();
  const [agreement] = Form.useForm();
  const [kefu] = Form.useForm();
  const [help] = Form.useForm<{ list: { id?: number; title: string; content: string }[] }>();
  const [notice] = Form.useForm<{
    list: { id?: number; title: string; content: string; addtime?: number }[];
  }>();
  const notices = Form.useWatch('list', notice);
  useEffect(() => {
    if (!texts) return;
    about.setFieldsValue(texts.about);
    agreement.setFieldsValue(texts.agreement);
    kefu.setFieldsValue(texts.kefu);
    help.setFieldsValue({ list: texts.help });
    notice.setFieldsValue({ list: texts.notice });
  }, [texts, about, agreement, kefu, help, notice]);

  const save = async (name: Name, value: unknown) => {
    await run('put', '/growth/texts', { [name]: value }, t('growthset.saved'));
    await query.refetch();
  };
  /** New entries get the next free id; existing ones keep theirs (the app keys its list by id). */
  const withIds = <T extends { id?: number }>(list: T[]) => {
    let next = Math.max(0, ...list.map((item) => item.id ?? 0));
    return list.map((item) => ({ ...item, id: item.id || (next += 1) }));
  };
  const submit = (name: Name) =>
    canAdmin && (
      <Button type="primary" htmlType="submit" loading={busy} data-testid={`text-${name}-save`}>
        {t('growthset.texts.save')}
      </Button>
    );
  const titleField = (name: Name) => (
    <Form.Item
      name="title"
      label={t('growthset.texts.title')}
      rules={[{ required: true, whitespace: true }, { max: 200 }]}
    >
      <Input data-testid={`text-${name}-title`} />
    </Form.Item>
  );
  const contentField = (name: Name, rows = 8) => (
    <Form.Item
      name="content"
      label={t('growthset.texts.content')}
      rules={[{ required: true, whitespace: true }, { max: 20000 }]}
    >
      <Input.TextArea rows={rows} data-testid={`text-${name}-content`} />
    </Form.Item>
  );
  const page = (name: 'about' | 'agreement', form: FormInstance) => (
    <Form form={form} layout="vertical" disabled={!canAdmin} onFinish={(values) => save(name, values)}>
      {titleField(name)}
      {contentField(name, 12)}
      {submit(name)}
    </Form>
  );
  const blocks = (name: 'help' | 'notice', form: FormInstance, extra?: (index: number) => ReactNode) => (
    <Form
      form={form}
      layout="vertical"
      disabled={!canAdmin}
      onFinish={(values: { list: { id?: number }[] }) => save(name, withIds(values.list ?? []))}
    >
      <Form.List name="list">
        {(fields, { add, remove }) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                extra={
                  canAdmin && (
                    <Button size="small" danger onClick={() => remove(field.name)}>
                      {t('growthset.texts.remove')}
                    </Button>
                  )
                }
                title={extra?.(index) ?? `#${index + 1}`}
              >
                <Form.Item name={[field.name, 'id']} hidden>
                  <Input />
                </Form.Item>
                {name === 'notice' && (
                  <Form.Item name={[field.name, 'addtime']} hidden>
                    <Input />
                  </Form.Item>
                )}
                <Form.Item
                  name={[field.name, 'title']}
                  label={t('growthset.texts.title')}
                  rules={[{ required: true, whitespace: true }, { max: 200 }]}
                >
                  <Input data-testid={`text-${name}-${index}-title`} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'content']}
                  label={t('growthset.texts.content')}
                  rules={[{ required: true, whitespace: true }, { max: 20000 }]}
                  style={{ marginBottom: 0 }}
                >
                  <Input.TextArea rows={3} data-testid={`text-${name}-${index}-content`} />
                </Form.Item>
              </Card>
            ))}
            <Space>
              {canAdmin && (
                <Button onClick={() => add({ title: '', content: '' })}>{t('growthset.texts.add')}</Button>
              )}
              {submit(name)}
            </Space>
          </Space>
        )}
      </Form.List>
    </Form>
  );

  return (
    <List title={t('growthset.texts.menu')}>
      <Card loading={query.isLoading} style={{ maxWidth: 900 }}>
        <Alert type="info" showIcon message={t('growthset.texts.help')} style={{ marginBottom: 16 }} />
        <Tabs
          items={[
            {
              key: 'about',
              label: t('growthset.texts.about'),
              children: page('about', about),
              forceRender: true,
            },
            {
              key: 'agreement',
              label: t('growthset.texts.agreement'),
              children: page('agreement', agreement),
              forceRender: true,
            },
            {
              key: 'kefu',
              label: t('growthset.texts.kefu'),
              forceRender: true,
              children: (
                <Form
                  form={kefu}
                  layout="vertical"
                  disabled={!canAdmin}
                  onFinish={(values) => save('kefu', values)}
                >
                  {titleField('kefu')}
                  {contentField('kefu', 4)}
                  <Form.Item
                    name="email"
                    label={t('growthset.texts.email')}
                    rules={[{ type: 'email' }, { max: 200 }]}
                  >
                    <Input data-testid="text-kefu-email" />
                  </Form.Item>
                  <Form.Item
                    name="url"
                    label={t('growthset.texts.url')}
                    rules={[
                      { max: 2048 },
                      { pattern: LINK_PATTERN, message: t('growthset.startup.linkRule') },
                    ]}
                  >
                    <Input placeholder="https://" data-testid="text-kefu-url" />
                  </Form.Item>
                  {submit('kefu')}
                </Form>
              ),
            },
            {
              key: 'help',
              label: t('growthset.texts.helpEntries'),
              children: blocks('help', help),
              forceRender: true,
            },
            {
              key: 'notice',
              label: t('growthset.texts.notices'),
              forceRender: true,
              children: blocks('notice', notice, (index) => {
                const addtime = notices?.[index]?.addtime;
                return addtime ? `${t('growthset.texts.posted')} ${formatTime(addtime)}` : `#${index + 1}`;
              }),
            },
          ]}
        />
      </Card>
    </List>
  );
}
