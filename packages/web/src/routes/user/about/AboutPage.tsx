import type { PageProps } from '../../page-props';
import { TextPage } from './TextPage';

export default function AboutPage(props: PageProps) {
  return <TextPage {...props} name="about" />;
}
