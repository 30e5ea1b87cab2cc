import { useTranslation } from 'react-i18next';

/** The sider's title: the product's name, or its first character when the sider is collapsed. */
export function ConsoleTitle({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <div style={{ fontWeight: 700, fontSize: 16, color: '#FD586D', whiteSpace: 'nowrap' }}>
      {collapsed ? '51' : t('app.title')}
    </div>
  );
}
