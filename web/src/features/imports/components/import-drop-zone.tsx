import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatFileSize } from '@receivables/contracts';
import { useRef, useState, type DragEvent } from 'react';


interface ImportDropZoneProps {
  onFile: (file: File) => void;
  /** The file being uploaded, if any: the zone shows it and takes no other. */
  uploading: File | null;
}

/** A drop target for one CSV file, with a "Choose CSV file" button for keyboards and phones. */
export function ImportDropZone({ onFile, uploading }: ImportDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [isDragging, setDragging] = useState(false);
  const isBusy = uploading !== null;

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = isBusy ? 'none' : 'copy';
    setDragging(!isBusy);
  };
  const onDragLeave = (event: DragEvent) => {
    // Moving over a child fires dragleave on the zone too; only leaving the zone itself counts.
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !isBusy) onFile(file);
  };

  return (
    <Box
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      aria-busy={isBusy}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: isDragging ? 'primary.main' : 'divider',
        bgcolor: isDragging ? 'action.hover' : 'transparent',
        borderRadius: 4,
        px: { xs: 2, sm: 4 },
        py: { xs: 4, sm: 5 },
        textAlign: 'center',
        transition: 'border-color 150ms, background-color 150ms',
      }}
    >
      <UploadFileRounded color={isDragging ? 'primary' : 'action'} sx={{ fontSize: 44 }} aria-hidden />
      {uploading ? (
        <Box sx={{ maxWidth: 420, mx: 'auto', mt: 1.5 }}>
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            Uploading {uploading.name} ({formatFileSize(uploading.size)})…
          </Typography>
          <LinearProgress aria-label={`Uploading ${uploading.name}`} sx={{ mt: 1.5, borderRadius: 1 }} />
        </Box>
      ) : (
        <Typography sx={{ mt: 1.5, fontWeight: 500 }}>
          {isDragging ? 'Drop the file to upload it' : 'Drag your CSV file here, or'}
        </Typography>
      )}
      <Button
        variant="contained"
        onClick={() => input.current?.click()}
        disabled={isBusy}
        startIcon={isBusy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        sx={{ mt: 2 }}
      >
        Choose CSV file
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        aria-label="CSV file"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again (after fixing it) is still a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Box>
  );
}
