import { describe, expect, it } from 'vitest';
import { landingTarget } from './launch-calls';

describe('landingTarget', () => {
  it('names the page a link opens, with its query', () => {
    expect(landingTarget('#/pages/home/home')).toEqual({ name: 'home', search: '' });
    expect(landingTarget('#/pages/home/home?tab=2')).toEqual({ name: 'home', search: 'tab=2' });
    expect(landingTarget('#/pages/cartoon/details?column=7')).toEqual({
      name: 'cartoonDetails',
      search: 'column=7',
    });
    expect(landingTarget('#/pages/cartoon/reader?column=7&chapter=9')).toEqual({
      name: 'cartoonReader',
      search: 'column=7&chapter=9',
    });
  });

  it('follows the entry page to where it goes next: its redirect, else home', () => {
    expect(landingTarget('')).toEqual({ name: 'home', search: '' });
    expect(landingTarget('#/')).toEqual({ name: 'home', search: '' });
    const redirect = encodeURIComponent('/pages/cartoon/details?column=7');
    expect(landingTarget(`#/pages/index/index?redirect=${redirect}`)).toEqual({
      name: 'cartoonDetails',
      search: 'column=7',
    });
    // A redirect outside the app's pages is not followed.
    expect(landingTarget('#/pages/index/index?redirect=//evil.example')).toEqual({
      name: 'home',
      search: '',
    });
  });

  it('knows no page for an unknown path', () => {
    expect(landingTarget('#/no/such/page')).toEqual({ name: undefined, search: '' });
  });
});
