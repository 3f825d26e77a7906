import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';

const STEPS = ['Upload file', 'Match columns', 'Import', 'Review'];

/** Where the person is in the four steps of an import; `active` is 0-based. */
export function ImportSteps({ active }: { active: number }) {
  return (
    <Stepper activeStep={active} alternativeLabel aria-label="Import steps" sx={{ mb: 3, '& .MuiStepLabel-label': { fontSize: { xs: '0.8125rem', sm: '0.875rem' } } }}>
      {STEPS.map((label, index) => (
        <Step key={label} completed={index < active}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
