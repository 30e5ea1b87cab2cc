/**
 * The catalogue's refusals, for every service that reads works and chapters; a leaf, as those
 * services import each other.
 */
import { ApiCode } from '@dm51/shared';
import { AppError } from '../errors.js';

export const CatalogueErrors = {
  notFound: () =>
    new AppError(ApiCode.CONTENT_NOT_FOUND, 'This work or chapter does not exist or has been removed'),
  vipRequired: () =>
    new AppError(ApiCode.VIP_REQUIRED, 'This chapter is for VIP members: become a VIP to read it'),
} as const;
