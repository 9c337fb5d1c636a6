// A form with every searchable field of both search operations; its search is kept in the URL.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { searchPath } from '../../paths';
import { DEFINITION_FIELDS, ENTRY_FIELDS, type SearchFieldSpec } from '../../search-fields';

interface AdvancedSearchFormProps {
  database: string;
  params: URLSearchParams;
  open: boolean;
}

export function AdvancedSearchForm({ database, params, open }: AdvancedSearchFormProps) {
  const navigate = useNavigate();
  const [error, setError] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const { param } of [...ENTRY_FIELDS, ...DEFINITION_FIELDS]) {
      const value = String(data.get(param) ?? '').trim();
      if (value) next.set(param, value);
    }
    if (next.size === 0) return setError('Fill in at least one field.');
    setError('');
    void navigate(searchPath(database, next));
  }

  return (
    <details className="advanced-search" open={open}>
      <summary>Advanced search</summary>
      <form onSubmit={submit} aria-label="Advanced search" noValidate>
        <p className="hint">
          Fill in any fields: results match all of those filled in. Case and accents are ignored, and in the built-in
          databases <code>*</code> stands for any letters and <code>?</code> for one.
        </p>
        <FieldSet legend="Entries" specs={ENTRY_FIELDS} params={params} />
        <FieldSet legend="Definitions" specs={DEFINITION_FIELDS} params={params} />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit">Search</button>
      </form>
    </details>
  );
}

function FieldSet({
  legend,
  specs,
  params,
}: {
  legend: string;
  specs: SearchFieldSpec<string>[];
  params: URLSearchParams;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {specs.map(({ param, label }) => (
        <label key={param} className="field">
          <span>{label}</span>
          <input name={param} defaultValue={params.get(param) ?? ''} autoComplete="off" spellCheck={false} />
        </label>
      ))}
    </fieldset>
  );
}
