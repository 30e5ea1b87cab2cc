export { HashRouter, type Location, type NavigationType } from './hash-router';
export {
  useLocation,
  useNavigate,
  useNavigationType,
  useSearchParams,
  type NavigateFunction,
  type NavigateOptions,
} from './hooks';
export { Link, Navigate } from './links';
