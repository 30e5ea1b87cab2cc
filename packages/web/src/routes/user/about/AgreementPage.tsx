import type { PageProps } from '../../page-props';
import { TextPage } from './TextPage';

export default function AgreementPage(props: PageProps) {
  return <TextPage {...props} name="agreement" />;
}
