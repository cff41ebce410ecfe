import type { Browser, BrowserContext } from 'playwright-core';
import { afterEach } from 'vitest';

/**
 * What the browser itself reports and a journey would not see on screen: a blocked script or
 * frame (Content Security Policy) and an uncaught page error. Any of them fails the test that
 * caused it, like an unexpected console.error on the Node side.
 */
const seen: string[] = [];

function watch(context: BrowserContext): BrowserContext {
  context.on('page', (page) => {
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        seen.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => seen.push(`${page.url()}: ${error.message}`));
  });
  return context;
}

/** Every context of this browser is watched (newPage opens one of its own through newContext). */
export function guardPages(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => watch(await newContext(...args));
  return browser;
}

afterEach(() => {
  if (seen.length > 0) throw new Error(`the page reported:\n${seen.splice(0).join('\n')}`);
});
