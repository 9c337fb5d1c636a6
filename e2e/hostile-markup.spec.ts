// Hostile markup in every text field the service sends, in Chromium: an entry and a search
// whose texts are all XSS vectors still show their page, run nothing, and leave no dangerous
// element or attribute in it. The service's answers are changed in the browser (page.route),
// and the entry is reached from the search box, so that it is the app, not the server, that
// renders it.
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { sampleId } from '../server/datasets/sample';

const VECTORS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<frameset onload=alert(1)>',
  '<div id="31"><frameset onload=alert(31)>//["\'`-->]]>]</div>',
  '<html><frameset><frame src="javascript:alert(1)"></frameset></html>',
  'x<frameset onpageshow=alert(1)>y',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><s><template><s><img src=x onerror=alert(1)>@x</s></template></s></template>',
  '<b><style><style/><img src=x onerror=alert(1)>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<svg><![CDATA[><image xlink:href="]]><img src=x onerror=alert(2)//"></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<form><button formaction="javascript:alert(1)">X</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<span data-dictionary-type="cross-reference" data-entry="javascript:alert(1)">x</span>',
  `<span data-dictionary-type="cross-reference" data-entry="${sampleId('rat')}" onclick="alert(1)">rat</span>`,
  '<b onmouseover=alert(1) style="position:fixed;inset:0">cover</b>',
  '<i data-dictionary-type="&quot;><img src=x onerror=alert(1)>">t</i>',
  `${'<b>'.repeat(600)}deep${'</b>'.repeat(600)}`,
  '<'.repeat(5000),
  '</span></li></ol></article><script>alert(1)</script>',
  '\u0000<script>alert(1)</script>\u2028',
];

const mouse = sampleId('mouse');

// Chromium reports the CSP blocking each event handler of the markup DOMPurify parses, in the
// inert document it parses in, where none could run anyway (a <template> does the same). What
// counts is the live page, checked below: no dialog, no error, and nothing that could run.
test.use({ cspViolationsFail: false });

/** Every text of the value, as its markup would be shown, replaced by the vector. */
function poison(value: unknown, vector: string, key = ''): unknown {
  if (typeof value === 'string') return ['id', 'type', 'display', 'kind'].includes(key) ? value : vector;
  if (Array.isArray(value)) return value.map((item) => poison(item, vector));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, poison(item, vector, name)]));
  }
  return value;
}

async function answerPoisoned(route: Route, vector: string, transform: (body: string) => string) {
  const response = await route.fetch();
  await route.fulfill({ response, body: transform(await response.text()) });
}

async function poisonService(page: Page, vector: string) {
  // The whole entry: its headword and every section value.
  await page.route(`**/api/sample/entries/${mouse}`, (route) =>
    answerPoisoned(route, vector, (body) =>
      body
        .split('\n')
        .filter(Boolean)
        .map((text) => {
          const line = JSON.parse(text) as { kind: string; headword?: string; values?: object };
          if (line.kind === 'end') return text;
          const headword = line.kind === 'entry' ? { headword: vector } : {};
          return JSON.stringify({ ...line, ...headword, values: poison(line.values, vector) });
        })
        .join('\n')
        .concat('\n'),
    ),
  );
  // The searches: every hit's headword and matched text.
  await page.route('**/api/sample/search/*', (route) =>
    answerPoisoned(route, vector, (body) => {
      const response = JSON.parse(body) as { results: { headword: string; text: string }[] };
      return JSON.stringify({
        ...response,
        results: response.results.map((hit) => ({ ...hit, headword: vector, text: vector })),
      });
    }),
  );
}

/** Nothing in the app's part of the page that could run: no such element, no handler, no link out of the app. */
async function expectInert(page: Page) {
  const found = await page.locator('#root').evaluate((root) => {
    const dangerous = [
      ...root.querySelectorAll(
        'script, iframe, frame, frameset, object, embed, img, svg, math, base, meta, style, template, link',
      ),
      // The app's own forms are elsewhere: none in the texts of the service.
      ...root.querySelectorAll(
        ':is(article.entry, .result-list) :is(form, input, button:not(.def-actions *, .headword-line > *), textarea, select)',
      ),
    ];
    const handlers = [...root.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes]
        .filter(
          (attribute) =>
            /^on/i.test(attribute.name) ||
            (/^(href|src|action|formaction|data|poster|background|xlink:href)$/i.test(attribute.name) &&
              !/^(\/|#)/.test(attribute.value)),
        )
        .map((attribute) => `${element.tagName} ${attribute.name}`),
    );
    return [...[...dangerous].map((element) => element.tagName), ...handlers];
  });
  expect(found).toEqual([]);
}

for (const [index, vector] of VECTORS.entries()) {
  test(`vector ${index + 1} in every text field runs nothing and blanks no page: ${vector.slice(0, 40)}`, async ({
    page,
  }) => {
    const ran: string[] = [];
    page.on('dialog', (dialog) => {
      ran.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => ran.push(error.message));
    await poisonService(page, vector);
    await page.goto('/sample/search?q=mouse');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A headword that is all script is empty once sanitized: its link is there, with no text.
    const result = page.locator('.result-list a').first();
    await expect(result).toBeAttached();
    await expectInert(page);

    await result.dispatchEvent('click');
    await expect(page).toHaveURL(new RegExp(`/sample/entries/${mouse}$`));
    await expect(page.locator('h1.headword')).toBeAttached();
    await expect(page.getByRole('listitem', { name: 'Definition 1', exact: true })).toBeVisible();
    await expect(page.getByLabel('Loading definition')).toHaveCount(0);
    await expectInert(page);
    expect(ran).toEqual([]);
  });
}
