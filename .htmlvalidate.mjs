// html-validate's rules for the server-rendered pages (tests/e2e/html-validate.test.ts), set for
// what React writes on purpose.
export default {
  root: true,
  // document: the rules for whole pages (references to missing ids, a doctype, labelled inputs).
  extends: ['html-validate:recommended', 'html-validate:document'],
  rules: {
    // React's useId gives ids such as "_R_2b5_" and "«r1»", which this rule rejects.
    'valid-id': 'off',
    // React writes SVG's camel-case attributes (viewBox) as the SVG spec spells them.
    'attr-case': 'off',
    // React closes void elements (<meta ... />); HTML allows both.
    'void-style': 'off',
    // React writes boolean and empty attributes as async="" and hidden="".
    'attribute-boolean-style': ['error', { style: 'empty' }],
    'attribute-empty-style': ['error', { style: 'empty' }],
    // A group of checkboxes shares one name: the filters submit district__in=1&district__in=2.
    'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
    // Subresource integrity guards files from other hosts; the page's own hashed assets need none.
    'require-sri': ['error', { target: 'crossorigin' }],
    // Inline styles only for values that come from the data or the caller (an icon's URL, a grid's
    // column counts, a map's height, a dialog's width); fixed styles belong in the style sheets.
    'no-inline-style': [
      'error',
      {
        allowedProperties: ['--icon', '--cols-base', '--cols-700', '--cols-1100', '--modal-width', 'height'],
      },
    ],
  },
};
