import { useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, MESSAGES, WEEKDAYS } from '@zaytoon/client';
import { useHost } from '../../host';
import { capitalise } from '../../lib/format';
import { Field } from '../../ui/Field';
import { NavBar } from '../../ui/NavBar';
import { InlineSpinner, PageSpinner } from '../../ui/Spinner';
import {
  categoryOptions,
  EMPTY_FORM,
  toBusinessInput,
  valuesFromBusiness,
  type BusinessFormValues,
} from './businessFormModel';
import '../../screenStyles';

type TextField = Exclude<keyof BusinessFormValues, 'hours'>;

/** /add-business and /edit-business/{id} (SPEC §2). */
export function BusinessFormScreen() {
  const { id } = useParams();
  const editing = id !== undefined;
  const { api, toast, productName } = useHost();
  const navigate = useNavigate();
  const [values, setValues] = useState<BusinessFormValues>(EMPTY_FORM);
  const [categories, setCategories] = useState<string[]>([]);
  const [loading, setLoading] = useState(editing);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    api.categories().then(setCategories, (error) => console.error('categories failed', error));
  }, [api]);

  useEffect(() => {
    if (!editing) {
      setValues(EMPTY_FORM);
      setLoading(false);
      return;
    }
    let current = true;
    setLoading(true);
    api.getBusiness(id).then(
      (business) => {
        if (!current) return;
        setValues(valuesFromBusiness(business));
        setLoading(false);
      },
      (error) => {
        if (!current) return;
        console.error('load business failed', error);
        toast.error(errorMessage(error, MESSAGES.loadBusinessFailed));
        navigate('/dashboard', { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [api, editing, id, navigate, toast]);

  const set = (field: TextField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const setHours = (day: string) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, hours: { ...current.hours, [day]: event.target.value } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFieldErrors({});
    try {
      const input = toBusinessInput(values);
      const saved = editing ? await api.updateBusiness(id, input) : await api.createBusiness(input);
      toast.success(editing ? MESSAGES.businessUpdated : MESSAGES.businessAdded);
      navigate(`/business/${saved?.id ?? id}`);
    } catch (error) {
      console.error('save business failed', error);
      toast.error(errorMessage(error, editing ? MESSAGES.updateBusinessFailed : MESSAGES.addBusinessFailed));
      const errors = (error as { errors?: Record<string, string> }).errors;
      if (errors && typeof errors === 'object') setFieldErrors(errors);
      setBusy(false);
    }
  };

  if (loading) {
    return (
      <>
        <NavBar />
        <PageSpinner label="Loading business..." />
      </>
    );
  }

  const field = (name: TextField, label: string, options: FieldOptions = {}) => (
    <Field
      id={`zd-bf-${name}`}
      label={label}
      required={options.required}
      hint={options.hint}
      error={fieldErrors[name] ?? (name === 'facebook' || name === 'twitter' || name === 'instagram' ? fieldErrors[`social_media.${name}`] : undefined)}
    >
      {(control) =>
        options.multiline ? (
          <textarea {...control} name={control.id} value={values[name]} onChange={set(name)} placeholder={options.placeholder} />
        ) : (
          <input
            {...control}
            name={control.id}
            type={options.type ?? 'text'}
            value={values[name]}
            onChange={set(name)}
            placeholder={options.placeholder}
            autoComplete={options.autoComplete}
          />
        )
      }
    </Field>
  );

  return (
    <>
      <NavBar />
      <main className="zd-page zd-form-page" data-testid="business-form" data-mode={editing ? 'edit' : 'add'}>
        <p>
          <Link to="/dashboard">← Back to Directory</Link>
        </p>
        <h1 className="zd-form-page__title">{editing ? 'Edit Business' : 'Add Your Business'}</h1>

        <form className="zd-form" onSubmit={submit} noValidate={false}>
          <Section title="Basic Information">
            {field('name', 'Business Name', { required: true })}
            <Field id="zd-bf-category" label="Category">
              {(control) => (
                <select {...control} name={control.id} value={values.category} onChange={set('category')}>
                  <option value="">Select a category</option>
                  {categoryOptions(categories, values.category).map((category) => (
                    <option key={category} value={category}>
                      {category}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
            {field('description', 'Description', { multiline: true, placeholder: 'Tell the community about your business' })}
          </Section>

          <Section title="Location Information">
            {field('address', 'Street Address', { required: true, autoComplete: 'street-address' })}
            <div className="zd-form__pair">
              {field('city', 'City', { required: true, autoComplete: 'address-level2' })}
              {field('postcode', 'Postcode', { required: true, autoComplete: 'postal-code' })}
            </div>
          </Section>

          <Section title="Online Presence">
            {field('website', 'Website', { type: 'url', placeholder: 'https://example.com', autoComplete: 'url' })}
            {field('facebook', 'Facebook', { placeholder: 'Page name or link' })}
            {field('twitter', 'Twitter/X', { placeholder: '@handle or link' })}
            {field('instagram', 'Instagram', { placeholder: '@handle or link' })}
          </Section>

          <Section title="Business Hours">
            <div className="zd-form__hours">
              {WEEKDAYS.map((day) => (
                <Field key={day} id={`zd-bf-hours-${day}`} label={capitalise(day)}>
                  {(control) => (
                    <input
                      {...control}
                      name={control.id}
                      value={values.hours[day] ?? ''}
                      onChange={setHours(day)}
                      placeholder="9:00 AM - 6:00 PM or Closed"
                    />
                  )}
                </Field>
              ))}
            </div>
          </Section>

          <Section title="Palestine Support">
            {field('proof_of_support', 'How does your business support Palestine?', {
              multiline: true,
              hint: 'This helps the community verify your support for Palestine.',
              placeholder: 'Donations, boycotts, community events, statements...',
            })}
          </Section>

          <div className="zd-actions zd-form__buttons">
            <button type="button" className="zd-btn zd-btn--outline" onClick={() => navigate('/dashboard')}>
              Cancel
            </button>
            <button type="submit" className="zd-btn zd-btn--primary" disabled={busy} aria-busy={busy}>
              {busy && <InlineSpinner />}
              {busy ? (editing ? 'Updating Business...' : 'Adding Business...') : editing ? 'Update Business' : 'Add Business'}
            </button>
          </div>
          <p className="zd-hint zd-form__note" data-testid="form-note">
            {editing
              ? `Your changes will be saved and reflected on ${productName} immediately.`
              : 'By adding your business, you confirm that it actively supports Palestinian rights and solidarity.'}
          </p>
        </form>
      </main>
    </>
  );
}

interface FieldOptions {
  required?: boolean;
  type?: string;
  multiline?: boolean;
  placeholder?: string;
  hint?: string;
  autoComplete?: string;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `zd-bf-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="zd-card zd-form__section" aria-labelledby={id}>
      <h2 id={id} className="zd-section-title">
        {title}
      </h2>
      <div className="zd-form">{children}</div>
    </section>
  );
}
